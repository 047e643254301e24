//! The 17-region map of Italy (fixtures/condottiere/condottiere_map.json): region names,
//! borders, and the size of the largest group of bordering regions one player holds.
//! It is data only: it never decides who wins.

use std::sync::OnceLock;

/// The map data, copied from ../shared/data (see fixtures/condottiere/README.md).
const MAP_JSON: &str = include_str!("../../../../fixtures/condottiere/condottiere_map.json");

/// Regions by index (the file's order, alphabetical) and their borders as bit sets.
#[derive(Debug, Default)]
pub struct Map {
    pub names: Vec<String>,
    borders: Vec<u32>,
}

impl Map {
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the built-in data loaded: 17 regions with symmetric borders.
    pub fn is_valid(&self) -> bool {
        self.len() == 17 && self.borders.len() == 17
    }

    pub fn name(&self, region: u8) -> &str {
        self.names.get(usize::from(region)).map_or("?", String::as_str)
    }

    /// A region by name, in any case, or by a prefix only one region starts with.
    pub fn find(&self, text: &str) -> Result<u8, String> {
        let want = text.trim().to_ascii_lowercase();
        if want.is_empty() {
            return Err("name a city".into());
        }
        let lower: Vec<String> = self.names.iter().map(|n| n.to_ascii_lowercase()).collect();
        if let Some(i) = lower.iter().position(|n| *n == want) {
            return Ok(i as u8);
        }
        let starts: Vec<usize> = (0..lower.len()).filter(|&i| lower[i].starts_with(&want)).collect();
        match starts.as_slice() {
            [one] => Ok(*one as u8),
            [] => Err(format!("'{text}' is not a city of the map ({})", self.names.join(", "))),
            many => {
                let names: Vec<&str> = many.iter().map(|&i| self.names[i].as_str()).collect();
                Err(format!(
                    "'{text}' could be {}: write more of the name",
                    names.join(" or ")
                ))
            }
        }
    }

    /// Every border once, as pairs of region indexes (the lower first), in order.
    pub fn borders(&self) -> Vec<[u8; 2]> {
        let n = self.borders.len();
        (0..n)
            .flat_map(|a| {
                (a + 1..n)
                    .filter(move |&b| self.borders[a] & (1 << b) != 0)
                    .map(move |b| [a as u8, b as u8])
            })
            .collect()
    }

    /// The size of the largest group of regions in `held` (a bit set) joined by borders.
    pub fn largest_group(&self, held: u32) -> u32 {
        let mut left = held;
        let mut best = 0;
        while left != 0 {
            let mut group = left & left.wrapping_neg();
            loop {
                let mut grown = group;
                for (i, set) in self.borders.iter().enumerate() {
                    if group & (1 << i) != 0 {
                        grown |= set & held;
                    }
                }
                if grown == group {
                    break;
                }
                group = grown;
            }
            best = best.max(group.count_ones());
            left &= !group;
        }
        best
    }
}

/// The map, loaded once. An unreadable file gives an empty map, which `setup` refuses.
pub fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| load(MAP_JSON).unwrap_or_default())
}

fn load(text: &str) -> Option<Map> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let names: Vec<String> = value
        .get("regions")?
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    if names.is_empty() || names.len() > 32 {
        return None;
    }
    let adjacency = value.get("adjacency")?.as_object()?;
    let mut borders = vec![0u32; names.len()];
    for (from, list) in adjacency {
        let a = names.iter().position(|n| n == from)?;
        for to in list.as_array()? {
            let b = names.iter().position(|n| Some(n.as_str()) == to.as_str())?;
            borders[a] |= 1 << b;
        }
    }
    let symmetric = (0..names.len()).all(|a| (0..names.len()).all(|b| (borders[a] >> b) & 1 == (borders[b] >> a) & 1));
    symmetric.then_some(Map { names, borders })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> u32 {
        names
            .iter()
            .map(|n| 1u32 << map().find(n).unwrap())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn the_map_has_17_regions_and_34_borders() {
        let m = map();
        assert!(m.is_valid());
        let pairs = (0..17u8)
            .flat_map(|a| (0..17u8).map(move |b| (a, b)))
            .filter(|&(a, b)| a < b && m.largest_group((1 << a) | (1 << b)) == 2);
        assert_eq!(pairs.count(), 34);
    }

    #[test]
    fn seed_example_genova_lucca_bologna() {
        // Seed 000: whoever holds Genova, Lucca and Bologna wins on taking Parma, Modena or Firenze.
        let base = ["Genova", "Lucca", "Bologna"];
        assert_eq!(map().largest_group(set(&base)), 1);
        for extra in ["Parma", "Modena", "Firenze"] {
            let mut with = base.to_vec();
            with.push(extra);
            assert!(map().largest_group(set(&with)) >= 3, "{extra}");
        }
        for other in ["Milano", "Torino", "Siena", "Ferrara", "Urbino"] {
            let mut with = base.to_vec();
            with.push(other);
            assert!(map().largest_group(set(&with)) < 3, "{other}");
        }
    }

    #[test]
    fn names_are_found_by_prefix_unless_ambiguous() {
        assert_eq!(map().name(map().find("gen").unwrap()), "Genova");
        assert_eq!(map().name(map().find("FIRENZE").unwrap()), "Firenze");
        assert!(map().find("m").unwrap_err().contains("Mantova or Milano or Modena"));
        assert!(map().find("Pisa").is_err());
    }
}
