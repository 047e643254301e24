//! Briscola and Briscola Chiamata (seed 004) recorded at the table or dealt from a seed: who
//! acts, what may be entered and the dispatch of each command to the module that owns it.
//! See seeds/briscola.md for the rules as enforced and every reading chosen.

mod auction;
mod cards;
mod format;
mod notation;
mod play;
mod state;
mod svg;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_games;
#[cfg(test)]
mod tests_version1;

use cards::Hand;
use notation::Command;
use play::seat_name;
use state::{Phase, State};

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

/// Plain briscola (2 to 6 players) or, with `chiamata`, Briscola Chiamata for five.
#[derive(Debug, Clone, Copy)]
pub struct Briscola {
    pub chiamata: bool,
    /// The rules version: 2 for new records (salted deals and draws; chiamata a match of
    /// hands), 1 kept for the records made under it (bare deals and draws; chiamata one hand).
    pub version: u32,
}

pub static GAME: kifu_core::game::Erased<Briscola> = kifu_core::game::Erased(Briscola {
    chiamata: false,
    version: 2,
});
pub static CHIAMATA: kifu_core::game::Erased<Briscola> = kifu_core::game::Erased(Briscola {
    chiamata: true,
    version: 2,
});
/// Both games at rules version 1, for the records made under it.
static GAME_V1: kifu_core::game::Erased<Briscola> = kifu_core::game::Erased(Briscola {
    chiamata: false,
    version: 1,
});
static CHIAMATA_V1: kifu_core::game::Erased<Briscola> = kifu_core::game::Erased(Briscola {
    chiamata: true,
    version: 1,
});

/// The games this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME, &CHIAMATA]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![&format::FORMAT]
}

/// This crate's games and formats alone, as a registry.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}

fn apply(state: &mut State, actor: Actor, command: &Command, version: u32) -> Result<(), RuleError> {
    if let Phase::Over { outcome } = &state.phase {
        kifu_core::refuse!("the game is over ({outcome})");
    }
    let phase = state.phase.clone();
    if let Command::Deal(.., salt) | Command::Draw(.., salt) = command {
        if actor != Actor::Chance {
            kifu_core::refuse!("deals and draws are entered by chance");
        }
        if salt.is_some() {
            state.salt = *salt;
        }
    } else {
        let Actor::Seat(seat) = actor else {
            kifu_core::refuse!("{actor} may not enter this: it is a player's command");
        };
        if seat >= state.seats() {
            kifu_core::refuse!(
                "{} is not a player in this game of {} players",
                seat_name(seat),
                state.seats()
            );
        }
        let due = match phase {
            Phase::Auction { current } | Phase::Play { current } => Some(current),
            Phase::Call { caller } => Some(caller),
            _ => None,
        };
        if let Some(due) = due {
            if due != seat {
                kifu_core::refuse!("it is {}'s turn, not {}'s", seat_name(due), seat_name(seat));
            }
        }
    }
    match (command, phase) {
        (Command::Deal(turned, hands, _), Phase::Deal) => play::deal(state, *turned, hands),
        (Command::Draw(cards, _), Phase::Draw { order }) => play::draw(state, &order, cards),
        (Command::Play(card), Phase::Play { current }) => play::play(state, current, *card, version == 1),
        (Command::Bid(points), Phase::Auction { current }) => auction::bid(state, current, *points),
        (Command::Pass, Phase::Auction { current }) => auction::pass(state, current),
        (Command::Call(card), Phase::Call { caller }) => auction::call(state, caller, *card),
        (_, Phase::Deal) => kifu_core::refuse!("the cards must be dealt first (deal)"),
        (_, Phase::Draw { .. }) => kifu_core::refuse!("the draw after the trick is due first (draw)"),
        (_, Phase::Auction { .. }) => kifu_core::refuse!("the auction is on: bid a number of card points or pass"),
        (_, Phase::Call { .. }) => kifu_core::refuse!("the auction's winner must name the called card (call CARD)"),
        (_, _) => kifu_core::refuse!("that cannot be entered now: play a card"),
    }
}

impl Briscola {
    /// 16 bytes of salt drawn after a seeded deal's or draw's cards (two `next_u64`,
    /// little-endian); none at rules version 1.
    fn salt(&self, rng: &mut ChanceRng) -> Option<notation::Salt> {
        if self.version == 1 {
            return None;
        }
        let mut salt = [0u8; 16];
        salt[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
        salt[8..].copy_from_slice(&rng.next_u64().to_le_bytes());
        Some(salt)
    }
}

fn legal(state: &State) -> Option<Vec<Command>> {
    let list = match &state.phase {
        Phase::Over { .. } => Vec::new(),
        // A plain deal must name the turned card, so it cannot be listed.
        Phase::Deal if !state.chiamata => return None,
        Phase::Deal => {
            let unseen = Hand {
                unknown: state.hand_size(),
                ..Hand::default()
            };
            vec![Command::Deal(None, vec![unseen; usize::from(state.seats())], None)]
        }
        Phase::Draw { .. } => match notation::parse(state, "draw") {
            Ok(command) => vec![command],
            Err(_) => Vec::new(),
        },
        Phase::Auction { .. } => {
            let mut list: Vec<Command> = auction::lowest_bid(state)
                .map(|low| (low..=auction::MAX_BID).map(Command::Bid).collect())
                .unwrap_or_default();
            if auction::may_pass(state) {
                list.push(Command::Pass);
            }
            list
        }
        Phase::Call { .. } => state.deck.list().into_iter().map(Command::Call).collect(),
        Phase::Play { current } => state
            .deck
            .list()
            .into_iter()
            .filter(|c| state.may_hold(*current, *c))
            .map(Command::Play)
            .collect(),
    };
    Some(list)
}

impl Rules for Briscola {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        if self.chiamata {
            "briscola-chiamata"
        } else {
            "briscola"
        }
    }
    fn version(&self) -> u32 {
        self.version
    }
    fn at_version(&self, version: u32) -> Option<&'static dyn kifu_core::Game> {
        let older = if self.chiamata { &CHIAMATA_V1 } else { &GAME_V1 };
        (version == 1).then_some(older as &'static dyn kifu_core::Game)
    }
    /// Version 1 hashed the state without the match and salt fields (declared last; at
    /// version 1 they never change from the start).
    fn hashed_state(&self, state: &State) -> Vec<u8> {
        let mut bytes = kifu_core::rules::encoded(state);
        if self.version == 1 {
            let added = (
                &state.match_totals,
                state.target,
                state.opener,
                state.hands_played,
                &state.salt,
            );
            bytes.truncate(bytes.len() - kifu_core::rules::encoded(&added).len());
        }
        bytes
    }
    fn describe(&self) -> &'static str {
        if self.chiamata {
            "Briscola Chiamata (seed 004): five players, an auction, a called card and a secret partner"
        } else {
            "Briscola (seed 004): 2 to 6 players, tricks to 120 card points, hands hidden or dealt from a seed"
        }
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        if self.chiamata {
            5..=5
        } else {
            2..=6
        }
    }
    fn options(&self) -> Vec<String> {
        let keys = if self.chiamata && self.version == 1 {
            &[]
        } else if self.chiamata {
            state::CHIAMATA_OPTIONS
        } else {
            state::OPTIONS
        };
        keys.iter().map(|k| k.to_string()).collect()
    }
    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        if self.chiamata && self.version == 1 {
            setup.only_options(&[])?;
        }
        state::start(setup, self.chiamata)
    }
    fn turn(&self, state: &State) -> Turn {
        match &state.phase {
            Phase::Deal | Phase::Draw { .. } => Turn::Chance,
            Phase::Auction { current } | Phase::Play { current } => Turn::seat(*current),
            Phase::Call { caller } => Turn::seat(*caller),
            Phase::Over { outcome } => Turn::over(outcome.clone()),
        }
    }
    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        match notation::parse(state, text)? {
            Command::Deal(.., Some(_)) | Command::Draw(_, Some(_)) if self.version == 1 => {
                kifu_core::refuse!("rules version 1 has no salted deals or draws: leave out salt=")
            }
            command => Ok(command),
        }
    }
    fn format(&self, _state: &State, command: &Command) -> String {
        notation::format(command)
    }
    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        apply(state, actor, command, self.version)
    }
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        legal(state)
    }
    /// Shuffles the cards nobody has accounted for and hands them out: a deal in seat order
    /// (then the turned card), or a draw in drawing order (the turned card last of all).
    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        let mut pool = state.unaccounted().list();
        rng.shuffle(&mut pool);
        let mut pool = pool.into_iter();
        match &state.phase {
            Phase::Deal => {
                let hands = (0..state.seats())
                    .map(|_| {
                        let mut hand = Hand::default();
                        pool.by_ref()
                            .take(usize::from(state.hand_size()))
                            .for_each(|c| hand.known.add(c));
                        hand
                    })
                    .collect();
                let turned = if state.chiamata { None } else { pool.next() };
                Command::Deal(turned, hands, self.salt(rng))
            }
            Phase::Draw { order } => {
                let mut stock = state.stock;
                let cards = order
                    .iter()
                    .map(|seat| {
                        if stock == 0 {
                            return (*seat, state.turned);
                        }
                        stock -= 1;
                        (*seat, pool.next())
                    })
                    .collect();
                Command::Draw(cards, self.salt(rng))
            }
            _ => Command::Pass,
        }
    }
    /// A deal or draw shows the viewer's own cards only; the turned card is public.
    fn redact(&self, state: &State, _actor: Actor, command: &Command, view: View) -> String {
        let sees = |seat: u8| view == View::Full || view == View::Seat(seat);
        match command {
            Command::Deal(turned, hands, _) => {
                let seen = hands
                    .iter()
                    .enumerate()
                    .map(|(s, h)| if sees(s as u8) { *h } else { h.hidden() })
                    .collect();
                notation::format(&Command::Deal(*turned, seen, None))
            }
            Command::Draw(cards, _) => {
                let seen = cards
                    .iter()
                    .map(|(s, c)| {
                        let public = c.is_some() && *c == state.turned;
                        (*s, if sees(*s) || public { *c } else { None })
                    })
                    .collect();
                notation::format(&Command::Draw(seen, None))
            }
            _ => notation::format(command),
        }
    }
    fn render(&self, state: &State, view: View) -> String {
        view::render(state, view)
    }
    fn state_json(&self, state: &State, view: View) -> serde_json::Value {
        view::json(state, view)
    }
    fn svg(&self, state: &State, view: View) -> Option<String> {
        Some(svg::svg(state, view))
    }
}
