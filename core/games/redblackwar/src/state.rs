//! The state of a war: each kingdom's used cards and spoils, the alliances, the flag, the
//! situation cards and what is due. Set-up from options lives here; no rule of battle does.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Cards};
use kifu_core::rules::{Outcome, RuleError, Setup};

pub const OPTIONS: [&str; 2] = ["deck", "expansion"];

/// The six situation cards of the base game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Situation {
    Noblesse,
    Promotion,
    Comeback,
    Blitz,
    Hegemony,
    Redeploy,
    /// The economic war's four: sanctions, new weapon, espionage, reserve currency.
    Sanctions,
    NewWeapon,
    Espionage,
    Reserve,
}

pub const SITUATIONS: [Situation; 6] = [
    Situation::Noblesse,
    Situation::Promotion,
    Situation::Comeback,
    Situation::Blitz,
    Situation::Hegemony,
    Situation::Redeploy,
];

/// The four situation cards the economic war adds (ten in all).
pub const ECONOMIC_SITUATIONS: [Situation; 4] = [
    Situation::Sanctions,
    Situation::NewWeapon,
    Situation::Espionage,
    Situation::Reserve,
];

impl Situation {
    pub fn code(self) -> &'static str {
        match self {
            Situation::Noblesse => "noblesse",
            Situation::Promotion => "promotion",
            Situation::Comeback => "comeback",
            Situation::Blitz => "blitz",
            Situation::Hegemony => "hegemony",
            Situation::Redeploy => "redeploy",
            Situation::Sanctions => "sanctions",
            Situation::NewWeapon => "weapon",
            Situation::Espionage => "espionage",
            Situation::Reserve => "reserve",
        }
    }
    pub fn parse(text: &str) -> Option<Situation> {
        SITUATIONS
            .into_iter()
            .chain(ECONOMIC_SITUATIONS)
            .find(|s| s.code().eq_ignore_ascii_case(text))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance turns up a situation card before this battle.
    Situation,
    /// The flag holder gives the comeback horn to one of the tied poorest kingdoms.
    GiveHorn {
        candidates: Vec<u8>,
    },
    /// The flag holder takes one spoil from a kingdom (hegemony).
    Take,
    /// These kingdoms, first first, still redeploy.
    Redeploy {
        order: Vec<u8>,
    },
    /// The flag holder halves one kingdom's coins (sanctions).
    Sanction,
    /// The flag holder pays a kingdom a coin and makes one of its cards a spy (espionage).
    Spy,
    /// The kingdoms that have not played lay a card face down, all at once.
    Play,
    /// Every card is down: the missile's holder fires it or holds it before they are opened.
    Missile {
        seat: u8,
    },
    /// Every card is down: chance turns them up together.
    Open,
    /// The horn's holder decides whether to blow it in this battle.
    Horn {
        seat: u8,
    },
    /// The lone J's player may raise the next battle's fresh spoil.
    Stake {
        seat: u8,
    },
    /// The lone K's player may choose the alliances from the next battle on.
    Ally {
        seat: u8,
    },
    /// The flag holder orders the kingdoms tied for first.
    Rank {
        tied: Vec<u8>,
    },
    Over {
        outcome: Outcome,
    },
    /// Before the first battle (version 2): chance draws the war's secret key (`key HEX`;
    /// `key ?` when the recorder has none), from which each play's salt is made. Declared last:
    /// bincode encodes the variant's index, and version 1's phases must keep theirs.
    Key,
}

/// A card of `victim`'s that fights for `owner`'s alliance when it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spy {
    pub owner: u8,
    pub victim: u8,
    pub card: Card,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub playing_cards: bool,
    /// The battle being fought, from 1.
    pub battle: u8,
    /// The war's last battle: 21, 18 after blitz, 13 with a standard deck.
    pub last_battle: u8,
    /// Each kingdom's cards already used (laid down in battle or by redeployment).
    pub used: [Cards; 4],
    /// The cards face down in this battle (hidden from other seats in a view).
    pub down: [Option<Card>; 4],
    /// The cards of this battle once turned up.
    pub open: Option<[Card; 4]>,
    /// Each kingdom's ally.
    pub allies: [u8; 4],
    pub spoils: [u32; 4],
    /// What each kingdom won in the last battle fought (the tie-break).
    pub last_gain: [u32; 4],
    /// Spoils carried over from drawn battles.
    pub carried: u32,
    /// The fresh spoil of the next battle: 1, or 2 or 3 after a J's decision.
    pub fresh: u32,
    /// The holder of the leader's flag.
    pub flag: u8,
    /// Situation cards turned up, in order.
    pub situations: Vec<Situation>,
    pub promotion: bool,
    /// Who holds the comeback horn, not yet blown.
    pub horn: Option<u8>,
    /// The horn was blown in this battle.
    pub horn_blown: bool,
    /// The economic war expansion is in play (the fields below stay zero without it).
    pub economic: bool,
    /// Each kingdom's coins.
    pub coins: [u32; 4],
    /// Each kingdom's immortal gold coins (won in battle 3; never passed on nor sanctioned).
    pub immortal: [u32; 4],
    /// Who holds the missile, not yet fired.
    pub missile: Option<u8>,
    /// The missile was fired in this battle.
    pub missile_fired: bool,
    /// The spy card made by espionage, until it is played.
    pub spy: Option<Spy>,
    /// Coins the reserve currency still issues, one before each coming battle.
    pub reserve_left: u8,
    /// The last battle's result in words.
    pub last: Option<String>,
    pub phase: Phase,
    // Version 2's fields, declared last: version 1 hashes the state without them.
    /// The salt entered with each card laid down, if any: it keeps the state hash from
    /// telling the card (no view but the full one holds it).
    pub down_salt: [Option<[u8; 16]>; 4],
    /// The war's secret key: each bare play is salted from it (no view but the full one holds it).
    pub key: Option<[u8; 16]>,
}

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    setup.only_options(&OPTIONS)?;
    if setup.players != 4 {
        kifu_core::refuse!("Red-Black War is for four kingdoms, not {}", setup.players);
    }
    if setup.start.is_some() {
        kifu_core::refuse!("Red-Black War has no set-up position: every war starts from full troops");
    }
    let playing_cards = match setup.option("deck") {
        None | Some("troops") => false,
        Some("playing-cards") => true,
        Some(other) => kifu_core::refuse!("unknown deck '{other}' (troops or playing-cards)"),
    };
    let economic = match setup.option("expansion") {
        None | Some("none") => false,
        Some("economic-war") if playing_cards => {
            kifu_core::refuse!("the economic war needs the troop deck and its situation cards, not deck=playing-cards")
        }
        Some("economic-war") => true,
        Some(other) => kifu_core::refuse!("unknown expansion '{other}' (economic-war)"),
    };
    Ok(State {
        playing_cards,
        battle: 1,
        last_battle: if playing_cards { 13 } else { 21 },
        used: [Cards::default(); 4],
        down: [None; 4],
        down_salt: [None; 4],
        key: None,
        open: None,
        // Black (p1) with Gray (p3), Red (p2) with Pink (p4).
        allies: [2, 3, 0, 1],
        spoils: [0; 4],
        last_gain: [0; 4],
        carried: 0,
        fresh: 1,
        flag: 0,
        situations: Vec::new(),
        promotion: false,
        horn: None,
        horn_blown: false,
        economic,
        coins: if economic { [7; 4] } else { [0; 4] },
        immortal: [0; 4],
        missile: None,
        missile_fired: false,
        spy: None,
        reserve_left: 0,
        last: None,
        phase: Phase::Key,
    })
}

impl State {
    /// The cards `seat` may still lay down.
    pub fn hand(&self, seat: u8) -> Cards {
        let troop = Cards::troop(self.playing_cards).0;
        Cards(troop & !self.used[usize::from(seat)].0)
    }
    /// The situation cards still face down.
    pub fn situations_left(&self) -> Vec<Situation> {
        let extra = if self.economic { &ECONOMIC_SITUATIONS[..] } else { &[] };
        SITUATIONS
            .into_iter()
            .chain(extra.iter().copied())
            .filter(|s| !self.situations.contains(s))
            .collect()
    }
    /// A kingdom's final count: its spoils, and with the economic war one more for every two
    /// coins (immortal ones included), rounded down.
    pub fn score(&self, seat: u8) -> u32 {
        let s = usize::from(seat);
        self.spoils[s] + (self.coins[s] + self.immortal[s]) / 2
    }
    /// The battles before which chance turns up a situation card.
    pub fn situation_battles(&self) -> &'static [u8] {
        match (self.playing_cards, self.economic) {
            (true, _) => &[],
            (false, false) => &[7, 14],
            (false, true) => &[7, 10, 14],
        }
    }
    /// Seats in order from the flag holder round the table.
    pub fn round_from_flag(&self) -> Vec<u8> {
        (0..4).map(|i| (self.flag + i) % 4).collect()
    }
}
