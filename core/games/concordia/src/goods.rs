//! The five goods, their fixed prices and a player's storehouse of 12 slots shared with the
//! colonists not yet on the board. It never decides who gains what: the actions do.

use serde::{Deserialize, Serialize};

use kifu_core::rules::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Good {
    Brick,
    Food,
    Tool,
    Wine,
    Cloth,
}

impl Good {
    /// Cheapest first, as the storehouse roof lists them.
    pub const ALL: [Good; 5] = [Good::Brick, Good::Food, Good::Tool, Good::Wine, Good::Cloth];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The one price to buy and to sell with a Mercator (data: concordia_cards_rules.json).
    pub fn price(self) -> u32 {
        [3, 4, 5, 6, 7][self.index()]
    }

    pub fn name(self) -> &'static str {
        ["brick", "food", "tool", "wine", "cloth"][self.index()]
    }

    /// The one-letter code used in city deals: b f t w c.
    pub fn letter(self) -> char {
        ['b', 'f', 't', 'w', 'c'][self.index()]
    }

    pub fn parse(text: &str) -> Option<Good> {
        let t = text.to_ascii_lowercase();
        Good::ALL
            .into_iter()
            .find(|g| t == g.name() || t.len() == 1 && t.starts_with(g.letter()))
    }

    /// The coins a province's bonus tile shows on its coin side (cloth 1, every other good 2).
    pub fn bonus_coins(self) -> u32 {
        if self == Good::Cloth {
            1
        } else {
            2
        }
    }
}

/// Counts of each good, indexed by `Good::index`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Goods(pub [u32; 5]);

impl Goods {
    pub fn count(&self, good: Good) -> u32 {
        self.0[good.index()]
    }
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
    pub fn add(&mut self, good: Good, n: u32) {
        self.0[good.index()] += n;
    }
    /// Takes `n` of `good`, refusing (and changing nothing) when there are fewer.
    pub fn take(&mut self, good: Good, n: u32, who: &str) -> Result<(), RuleError> {
        let have = self.count(good);
        if have < n {
            kifu_core::refuse!("{who} has {have} {} and needs {n}", good.name());
        }
        self.0[good.index()] -= n;
        Ok(())
    }
    /// The value at the fixed prices (Vesta).
    pub fn value(&self) -> u32 {
        Good::ALL.iter().map(|g| self.count(*g) * g.price()).sum()
    }
    pub fn text(&self) -> String {
        let parts: Vec<String> = Good::ALL
            .iter()
            .filter(|g| self.count(**g) > 0)
            .map(|g| format!("{} {}", self.count(*g), g.name()))
            .collect();
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The storehouse's slots (12), shared by goods and the colonists still in it.
pub const STOREHOUSE_SLOTS: u32 = 12;

/// Puts `gains` into a storehouse with `room` free slots. When they do not all fit, `kept`
/// names the goods the owner keeps (recorded in the entry): some of the gains, exactly as
/// many as there is room for (the seed lets the owner choose any combination but forbids
/// leaving a slot empty). Without a choice the most valuable goods are kept.
pub fn store(goods: &mut Goods, room: u32, gains: &Goods, kept: Option<&Goods>, who: &str) -> Result<(), RuleError> {
    let Some(kept) = kept else {
        let mut room = room;
        for good in Good::ALL.iter().rev() {
            let n = gains.count(*good).min(room);
            goods.add(*good, n);
            room -= n;
        }
        return Ok(());
    };
    if gains.total() <= room {
        kifu_core::refuse!("{who}'s goods all fit in the storehouse: there is nothing to choose (no keep)");
    }
    if let Some(g) = Good::ALL.into_iter().find(|g| kept.count(*g) > gains.count(*g)) {
        kifu_core::refuse!(
            "{who} keeps {} {} but gains only {}",
            kept.count(g),
            g.name(),
            gains.count(g)
        );
    }
    if kept.total() != room {
        kifu_core::refuse!(
            "{who} has room for {room} of the {} goods gained and must keep exactly that many, not {}",
            gains.total(),
            kept.total()
        );
    }
    Good::ALL.iter().for_each(|g| goods.add(*g, kept.count(*g)));
    Ok(())
}
