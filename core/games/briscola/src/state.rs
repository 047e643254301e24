//! The state of a hand of Briscola or Briscola Chiamata, its set-up from the header's options
//! and the deck accounting over it. It holds data and queries only; it never plays a card.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Cards, Hand};
use kifu_core::rules::{Outcome, RuleError, Setup};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The deal is due (chance).
    Deal,
    /// Chiamata: `current` bids or passes.
    Auction {
        current: u8,
    },
    /// Chiamata: the auction's winner names the card.
    Call {
        caller: u8,
    },
    /// `current` plays a card to the trick.
    Play {
        current: u8,
    },
    /// Each seat in `order` draws one card (chance).
    Draw {
        order: Vec<u8>,
    },
    Over {
        outcome: Outcome,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub chiamata: bool,
    /// The team of each seat (the seat itself when playing alone; fixed only for plain briscola).
    pub teams: Vec<u8>,
    /// The cards this game is played with (the 2s taken out for three and six players).
    pub deck: Cards,
    pub hands: Vec<Hand>,
    /// Face-down cards left in the stock, the turned card not counted.
    pub stock: u8,
    /// The briscola turned face up under the stock, until it is drawn.
    pub turned: Option<Card>,
    /// The briscola (trump) suit, once known.
    pub trump: Option<u8>,
    /// The trick being played: who played what, in order.
    pub trick: Vec<(u8, Card)>,
    /// Who led (or leads) the trick being played.
    pub leader: u8,
    /// The cards each seat has taken in tricks.
    pub won: Vec<Cards>,
    pub tricks: u32,
    /// Chiamata: the standing bid (who, how many card points), who passed, the called card.
    pub bid: Option<(u8, u32)>,
    pub passed: Vec<bool>,
    pub called: Option<Card>,
    /// Chiamata: who holds the called card, once the record knows it (the caller when alone).
    pub partner: Option<u8>,
    /// Chiamata: the called card has been played, so everyone knows the partner.
    pub revealed: bool,
    /// Chiamata: the hand's result in match points, at the end.
    pub match_points: Vec<i32>,
    pub phase: Phase,
    /// What the last trick came to, in words.
    pub last: Option<String>,
    // Version 2's fields, declared last: version 1 hashes the state without them.
    /// Chiamata: match points summed over the hands played so far, and the total that ends
    /// the match (option `target`, 11 by default).
    pub match_totals: Vec<i32>,
    pub target: i32,
    /// Chiamata: who opens this hand's auction and leads its first trick (p1, then round the table).
    pub opener: u8,
    /// Chiamata: hands finished.
    pub hands_played: u32,
    /// The salt of the last salted deal or draw: it keeps the state hash from telling the
    /// hidden hands (no view but the full one holds it).
    pub salt: Option<[u8; 16]>,
}

pub const OPTIONS: &[&str] = &["teams"];
/// Briscola Chiamata's option keys.
pub const CHIAMATA_OPTIONS: &[&str] = &["target"];

fn seat_name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

impl State {
    pub fn seats(&self) -> u8 {
        self.hands.len() as u8
    }
    pub fn next(&self, seat: u8) -> u8 {
        (seat + 1) % self.seats()
    }
    /// Cards dealt to each seat: eight in chiamata, three otherwise.
    pub fn hand_size(&self) -> u8 {
        if self.chiamata {
            8
        } else {
            3
        }
    }
    /// Cards known to be somewhere: taken, on the table, known in a hand, turned up.
    pub fn accounted(&self) -> Cards {
        let mut set = Cards::default();
        for won in &self.won {
            set.0 |= won.0;
        }
        for (_, card) in &self.trick {
            set.add(*card);
        }
        for hand in &self.hands {
            set.0 |= hand.known.0;
        }
        if let Some(card) = self.turned {
            set.add(card);
        }
        set
    }
    /// Cards of the deck nobody has accounted for: in unseen hands or the stock.
    pub fn unaccounted(&self) -> Cards {
        Cards(self.deck.0 & !self.accounted().0)
    }
    /// Whether `seat` may hold `card` now.
    pub fn may_hold(&self, seat: u8, card: Card) -> bool {
        let Some(hand) = self.hands.get(usize::from(seat)) else {
            return false;
        };
        hand.known.has(card) || (hand.unknown > 0 && self.unaccounted().has(card))
    }
    /// Where a card is known to be, or why it is not in play; `None` while it is unseen.
    pub fn where_is(&self, card: Card) -> Option<String> {
        let code = card.code();
        if !self.deck.has(card) {
            return Some(format!("{code} is not in the deck: {}", self.removed_reason()));
        }
        if let Some((s, _)) = self.trick.iter().find(|(_, c)| *c == card) {
            return Some(format!("{code} is already on the table (played by {})", seat_name(*s)));
        }
        if let Some(s) = self.won.iter().position(|w| w.has(card)) {
            return Some(format!("{code} was already played (taken by {})", seat_name(s as u8)));
        }
        if self.turned == Some(card) {
            return Some(format!("{code} is the briscola turned up under the stock"));
        }
        if let Some(s) = self.hands.iter().position(|h| h.known.has(card)) {
            return Some(format!("{code} is known to be in {}'s hand", seat_name(s as u8)));
        }
        None
    }
    /// Why `seat` cannot hold `card`, in words.
    pub fn why_not_held(&self, seat: u8, card: Card) -> String {
        self.where_is(card).unwrap_or_else(|| {
            format!(
                "{} has no unseen card left that could be {}",
                seat_name(seat),
                card.code()
            )
        })
    }
    fn removed_reason(&self) -> &'static str {
        match self.seats() {
            3 => "with three players the 2 of coins is taken out",
            6 => "with six players the four 2s are taken out",
            _ => "every card is in play",
        }
    }
    /// The seats of a team.
    pub fn members(&self, team: u8) -> Vec<u8> {
        (0..self.seats())
            .filter(|s| self.teams[usize::from(*s)] == team)
            .collect()
    }
    pub fn points(&self, seat: u8) -> u32 {
        self.won[usize::from(seat)].points()
    }

    /// Chiamata: the next hand of the match, opened by the next seat; the deal is due.
    pub fn next_hand(&mut self) {
        let seats = usize::from(self.seats());
        self.opener = self.next(self.opener);
        self.hands = vec![Hand::default(); seats];
        self.won = vec![Cards::default(); seats];
        self.passed = vec![false; seats];
        self.stock = 0;
        self.turned = None;
        self.trump = None;
        self.trick.clear();
        self.leader = self.opener;
        self.tricks = 0;
        self.bid = None;
        self.called = None;
        self.partner = None;
        self.revealed = false;
        self.phase = Phase::Deal;
    }
}

/// The start: plain briscola for 2 to 6 (partners at four unless `teams=no`, teams of three
/// at six), or chiamata for exactly five; the deal is due.
pub fn start(setup: &Setup, chiamata: bool) -> Result<State, RuleError> {
    let target = match setup.option("target") {
        _ if !chiamata => 0,
        None => 11,
        Some(text) => match text.parse::<i32>() {
            Ok(n) if (1..=99).contains(&n) => n,
            _ => kifu_core::refuse!("option target={text}: write the match points that end the match, 1 to 99"),
        },
    };
    if chiamata {
        setup.only_options(CHIAMATA_OPTIONS)?;
    } else {
        setup.only_options(OPTIONS)?;
    }
    if setup.start.is_some() {
        kifu_core::refuse!("briscola has no set-up positions: every hand starts from a deal");
    }
    let seats = setup.players;
    let partners = match setup.option("teams") {
        None | Some("yes") => seats == 4 || seats == 6,
        Some("no") if seats == 4 => false,
        Some("no") => {
            kifu_core::refuse!("option teams=no: only four players may choose to play alone (six always play in teams)")
        }
        Some(other) => kifu_core::refuse!("option teams={other}: write teams=yes or teams=no"),
    };
    let teams: Vec<u8> = (0..seats as u8).map(|s| if partners { s % 2 } else { s }).collect();
    let mut deck = Cards((1 << 40) - 1);
    match seats {
        3 => deck.remove(Card::new(0, 1)),
        6 => (0..4).for_each(|suit| deck.remove(Card::new(suit, 1))),
        _ => {}
    }
    Ok(State {
        chiamata,
        teams,
        deck,
        hands: vec![Hand::default(); seats],
        stock: 0,
        turned: None,
        trump: None,
        trick: Vec::new(),
        leader: 0,
        won: vec![Cards::default(); seats],
        tricks: 0,
        bid: None,
        passed: vec![false; seats],
        called: None,
        partner: None,
        revealed: false,
        match_points: Vec::new(),
        match_totals: vec![0; seats],
        target,
        opener: 0,
        hands_played: 0,
        salt: None,
        phase: Phase::Deal,
        last: None,
    })
}
