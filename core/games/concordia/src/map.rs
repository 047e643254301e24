//! The two boards (Imperium, Italia) loaded from the project's data file, and the colonists'
//! paths along land or sea routes. It never holds a game's pieces: those live in the state.

use std::sync::LazyLock;

use serde::Deserialize;

/// The maps, copied from ../shared/data/concordia_maps.json (routes, tile letters and
/// provinces from yav/concordia ui/maps at commit cc25ffb, names and provinces cross-checked
/// against eranhirsch/tableset; see that folder's README.md).
const MAPS_JSON: &str = include_str!("../data/concordia_maps.json");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RouteKind {
    Land,
    Sea,
}

impl RouteKind {
    pub fn letter(self) -> char {
        match self {
            RouteKind::Land => 'L',
            RouteKind::Sea => 'S',
        }
    }
    pub fn parse(c: char) -> Option<RouteKind> {
        match c.to_ascii_uppercase() {
            'L' => Some(RouteKind::Land),
            'S' => Some(RouteKind::Sea),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct City {
    pub name: String,
    /// The name without spaces: how the notation writes it.
    pub code: String,
    /// None for Roma (the capital).
    pub province: Option<usize>,
    pub letter: Option<char>,
}

#[derive(Debug, Clone)]
pub struct Route {
    pub kind: RouteKind,
    pub a: usize,
    pub b: usize,
}

#[derive(Debug, Clone)]
pub struct Province {
    pub name: String,
    pub cities: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct Map {
    pub name: &'static str,
    pub cities: Vec<City>,
    pub routes: Vec<Route>,
    pub provinces: Vec<Province>,
    pub capital: usize,
    /// The goods tiles of each letter: (letter, the goods in it).
    pub tiles: Vec<(char, Vec<crate::goods::Good>)>,
}

#[derive(Deserialize)]
struct RawCity {
    id: usize,
    name: String,
    province: Option<String>,
    tile_letter: Option<String>,
    capital: bool,
}

#[derive(Deserialize)]
struct RawRoute {
    kind: RouteKind,
    a: String,
    b: String,
}

#[derive(Deserialize)]
struct RawProvince {
    name: String,
}

#[derive(Deserialize)]
struct RawMap {
    cities: Vec<RawCity>,
    routes: Vec<RawRoute>,
    provinces: Vec<RawProvince>,
}

#[derive(Deserialize)]
struct RawFile {
    imperium: RawMap,
    italia: RawMap,
    city_tiles_per_letter: std::collections::BTreeMap<String, std::collections::BTreeMap<String, usize>>,
}

fn build(name: &'static str, raw: &RawMap, tiles: &[(char, Vec<crate::goods::Good>)]) -> Map {
    let province_of = |p: &Option<String>| {
        p.as_ref().map(|n| {
            raw.provinces
                .iter()
                .position(|q| &q.name == n)
                .expect("a known province")
        })
    };
    let mut cities: Vec<City> = Vec::new();
    for (i, c) in raw.cities.iter().enumerate() {
        assert_eq!(c.id, i, "city ids run 0.. in the data");
        cities.push(City {
            name: c.name.clone(),
            code: c.name.replace(' ', ""),
            province: province_of(&c.province),
            letter: c.tile_letter.as_ref().and_then(|l| l.chars().next()),
        });
    }
    let index = |n: &str| raw.cities.iter().position(|c| c.name == n).expect("a known city");
    let routes = raw
        .routes
        .iter()
        .map(|r| Route {
            kind: r.kind,
            a: index(&r.a),
            b: index(&r.b),
        })
        .collect();
    let provinces = raw
        .provinces
        .iter()
        .enumerate()
        .map(|(p, q)| Province {
            name: q.name.clone(),
            cities: (0..cities.len()).filter(|c| cities[*c].province == Some(p)).collect(),
        })
        .collect();
    let capital = raw.cities.iter().position(|c| c.capital).expect("a capital");
    let used: Vec<(char, Vec<crate::goods::Good>)> = tiles
        .iter()
        .filter(|(l, _)| cities.iter().any(|c| c.letter == Some(*l)))
        .cloned()
        .collect();
    Map {
        name,
        cities,
        routes,
        provinces,
        capital,
        tiles: used,
    }
}

static MAPS: LazyLock<[Map; 2]> = LazyLock::new(|| {
    let raw: RawFile = serde_json::from_str(MAPS_JSON).expect("the bundled map data parses");
    let tiles: Vec<(char, Vec<crate::goods::Good>)> = raw
        .city_tiles_per_letter
        .iter()
        .map(|(letter, mix)| {
            let mut goods = Vec::new();
            for good in crate::goods::Good::ALL {
                let n = mix.get(good.name()).copied().unwrap_or(0);
                goods.extend(std::iter::repeat_n(good, n));
            }
            (letter.chars().next().unwrap_or('?'), goods)
        })
        .collect();
    [
        build("imperium", &raw.imperium, &tiles),
        build("italia", &raw.italia, &tiles),
    ]
});

/// A board by its option name ("imperium" or "italia").
pub fn map(name: &str) -> Option<&'static Map> {
    MAPS.iter().find(|m| m.name == name)
}

impl Map {
    /// A city by its code or full name, any case.
    pub fn city(&self, text: &str) -> Option<usize> {
        let t = text.to_ascii_lowercase();
        self.cities
            .iter()
            .position(|c| c.code.to_ascii_lowercase() == t || c.name.to_ascii_lowercase() == t)
    }

    pub fn touches(&self, route: usize, city: usize) -> bool {
        self.routes.get(route).is_some_and(|r| r.a == city || r.b == city)
    }

    /// The fewest steps a colonist of `kind` standing at `from` needs to stop on `to`: one
    /// step from a city onto a route leaving it, one step from a route through either end city
    /// onto another route of that city. Occupied routes may be passed. None if out of reach.
    pub fn distance(&self, kind: RouteKind, from: crate::state::Place, to: usize) -> Option<u32> {
        use crate::state::Place;
        if self.routes.get(to)?.kind != kind {
            return None;
        }
        let n = self.routes.len();
        let mut dist = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        let starts: Vec<usize> = match from {
            Place::City(c) => self.routes_of(c, kind),
            Place::Route(r) => {
                if r == to {
                    return Some(0);
                }
                let route = self.routes.get(r)?;
                let mut s = self.routes_of(route.a, kind);
                s.extend(self.routes_of(route.b, kind));
                s.retain(|x| *x != r);
                s
            }
        };
        for s in starts {
            if dist[s] == u32::MAX {
                dist[s] = 1;
                queue.push_back(s);
            }
        }
        while let Some(r) = queue.pop_front() {
            if r == to {
                return Some(dist[r]);
            }
            let route = &self.routes[r];
            for end in [route.a, route.b] {
                for next in self.routes_of(end, kind) {
                    if dist[next] == u32::MAX {
                        dist[next] = dist[r] + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        None
    }

    /// The routes of `kind` that end at `city`.
    pub fn routes_of(&self, city: usize, kind: RouteKind) -> Vec<usize> {
        (0..self.routes.len())
            .filter(|r| self.routes[*r].kind == kind && self.touches(*r, city))
            .collect()
    }
}
