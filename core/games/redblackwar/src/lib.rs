//! Red-Black War (seed 002): four kingdoms lay a card each face down at once, chance turns
//! them up together, and the battle, J's and K's decisions and the situation cards follow.
//! Who acts, what may be entered and the dispatch to the module that owns each command.
//! See seeds/redblackwar.md for the rules as enforced and every reading chosen.

mod battle;
mod cards;
mod economy;
mod format;
mod notation;
mod state;
mod svg;
mod view;
mod war;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_economy;
#[cfg(test)]
mod tests_games;
#[cfg(test)]
mod tests_version1;

use cards::{seat_name, Card};
use notation::Command;
use state::{Phase, State};

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

#[derive(Debug, Clone, Copy)]
pub struct RedBlackWar {
    version: u32,
}

impl RedBlackWar {
    /// The rules new records are made with.
    pub const CURRENT: RedBlackWar = RedBlackWar { version: 2 };
}

pub static GAME: kifu_core::game::Erased<RedBlackWar> = kifu_core::game::Erased(RedBlackWar::CURRENT);
/// Version 1, for the records made under it.
static VERSION_1: kifu_core::game::Erased<RedBlackWar> = kifu_core::game::Erased(RedBlackWar { version: 1 });

/// The games this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
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

/// The seat whose decision is due, if one seat alone acts.
fn deciding(state: &State) -> Option<u8> {
    match &state.phase {
        Phase::GiveHorn { .. } | Phase::Take | Phase::Rank { .. } | Phase::Sanction | Phase::Spy => Some(state.flag),
        Phase::Redeploy { order } => order.first().copied(),
        Phase::Horn { seat } | Phase::Stake { seat } | Phase::Ally { seat } | Phase::Missile { seat } => Some(*seat),
        _ => None,
    }
}

fn apply(state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
    if let Phase::Over { outcome } = &state.phase {
        kifu_core::refuse!("the war is over ({outcome})");
    }
    let phase = state.phase.clone();
    if let Command::Open(..) | Command::Situation(..) | Command::Key(..) = command {
        if actor != Actor::Chance {
            kifu_core::refuse!("cards are turned up by chance, not by {actor}");
        }
    } else {
        let Actor::Seat(seat) = actor else {
            kifu_core::refuse!("{actor} may not enter this: it is a kingdom's command");
        };
        if seat >= 4 {
            kifu_core::refuse!("{} is not a player in this war of 4 kingdoms", seat_name(seat));
        }
        if let Some(due) = deciding(state) {
            if due != seat {
                kifu_core::refuse!("it is {}'s decision, not {}'s", seat_name(due), seat_name(seat));
            }
        }
    }
    let seat = match actor {
        Actor::Seat(s) => s,
        _ => 0,
    };
    match (command, phase) {
        (Command::Key(key), Phase::Key) => {
            state.key = *key;
            state.phase = Phase::Play;
            Ok(())
        }
        (Command::Play(card, salt), Phase::Play) => war::play(state, seat, *card, *salt),
        (Command::Open(cards), Phase::Open) => war::open(state, *cards),
        (Command::Situation(card), Phase::Situation) => war::situation(state, *card),
        (Command::Horn(blow), Phase::Horn { .. }) => war::horn(state, *blow),
        (Command::Stake(times), Phase::Stake { .. }) => war::stake(state, *times),
        (Command::Ally(partner), Phase::Ally { seat }) => war::ally(state, seat, *partner),
        (Command::Give(to), Phase::GiveHorn { candidates }) => war::give(state, &candidates, *to),
        (Command::Take(from), Phase::Take) => war::take(state, *from),
        (Command::Redeploy(back, down), Phase::Redeploy { order }) => war::redeploy(state, &order, *back, *down),
        (Command::Rank(order), Phase::Rank { tied }) => war::rank(state, &tied, order),
        (Command::Pay(..), _) if !state.economic => kifu_core::refuse!("coins belong to the economic war expansion"),
        (Command::Pay(to, amount), Phase::Play) => economy::pay(state, seat, *to, *amount),
        (Command::Sanction(target), Phase::Sanction) => economy::sanction(state, *target),
        (Command::Spy(victim, card), Phase::Spy) => economy::spy(state, *victim, *card),
        (Command::Missile(fire), Phase::Missile { .. }) => economy::missile(state, *fire),
        (_, phase) => kifu_core::refuse!("that cannot be entered now: {}", view::due(state, &phase)),
    }
}

/// What `seat` may enter now.
fn legal_for(state: &State, seat: u8) -> Vec<Command> {
    if deciding(state).is_some_and(|due| due != seat) {
        return Vec::new();
    }
    let others = |me: u8| (0..4u8).filter(move |s| *s != me);
    match &state.phase {
        Phase::Play if state.down[usize::from(seat)].is_none() => {
            let mut list: Vec<Command> = state
                .hand(seat)
                .list()
                .into_iter()
                .map(|card| Command::Play(card, None))
                .collect();
            if state.economic && state.battle < state.last_battle {
                for to in others(seat) {
                    list.extend((1..=state.coins[usize::from(seat)]).map(|n| Command::Pay(to, n)));
                }
            }
            list
        }
        Phase::Missile { .. } => vec![Command::Missile(false), Command::Missile(true)],
        Phase::Sanction => (0..4u8).map(Command::Sanction).collect(),
        Phase::Spy => others(seat)
            .flat_map(|victim| {
                state
                    .hand(victim)
                    .list()
                    .into_iter()
                    .map(move |card| Command::Spy(victim, card))
            })
            .collect(),
        Phase::Horn { .. } => vec![Command::Horn(false), Command::Horn(true)],
        Phase::Stake { .. } => (1..=3).map(Command::Stake).collect(),
        Phase::Ally { .. } => others(seat).map(Command::Ally).collect(),
        Phase::GiveHorn { candidates } => candidates.iter().copied().map(Command::Give).collect(),
        Phase::Take => others(seat)
            .filter(|s| state.spoils[usize::from(*s)] > 0)
            .map(Command::Take)
            .collect(),
        Phase::Redeploy { .. } => {
            let used = state.used[usize::from(seat)].list();
            let spy = state.spy.filter(|spy| spy.victim == seat).map(|spy| spy.card);
            let hand: Vec<Card> = state
                .hand(seat)
                .list()
                .into_iter()
                .filter(|c| Some(*c) != spy)
                .collect();
            let mut list = Vec::new();
            for (i, a) in used.iter().enumerate() {
                for b in &used[i + 1..] {
                    for (j, c) in hand.iter().enumerate() {
                        for d in &hand[j + 1..] {
                            list.push(Command::Redeploy([*a, *b], [*c, *d]));
                        }
                    }
                }
            }
            list
        }
        Phase::Rank { tied } => (0..tied.len())
            .map(|first| {
                let mut order = vec![tied[first]];
                order.extend(tied.iter().filter(|s| **s != tied[first]));
                Command::Rank(order)
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl Rules for RedBlackWar {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "redblackwar"
    }
    fn version(&self) -> u32 {
        self.version
    }
    fn at_version(&self, version: u32) -> Option<&'static dyn kifu_core::Game> {
        (version == 1).then_some(&VERSION_1 as &'static dyn kifu_core::Game)
    }
    /// Version 1 hashed the state without `down_salt` and `key` (declared last, and never set
    /// at version 1).
    fn hashed_state(&self, state: &State) -> Vec<u8> {
        let mut bytes = kifu_core::rules::encoded(state);
        if self.version == 1 {
            bytes.truncate(bytes.len() - kifu_core::rules::encoded(&(&state.down_salt, &state.key)).len());
        }
        bytes
    }
    fn describe(&self) -> &'static str {
        "Red-Black War (seed 002): four kingdoms, secret cards turned up together, situation cards, J's and K's decisions"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        4..=4
    }
    fn options(&self) -> Vec<String> {
        state::OPTIONS.iter().map(|k| k.to_string()).collect()
    }
    /// Version 1 has no key: the first battle's plays are due at once.
    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        let mut state = state::start(setup)?;
        if self.version == 1 {
            state.phase = Phase::Play;
        }
        Ok(state)
    }
    fn turn(&self, state: &State) -> Turn {
        if let Some(seat) = deciding(state) {
            return Turn::seat(seat);
        }
        match &state.phase {
            Phase::Key | Phase::Situation | Phase::Open => Turn::Chance,
            Phase::Over { outcome } => Turn::over(outcome.clone()),
            _ => Turn::Simultaneous {
                seats: (0..4u8).filter(|s| state.down[usize::from(*s)].is_none()).collect(),
            },
        }
    }
    /// A bare play is salted from the war's key, when the record has one.
    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        match (notation::parse(state, text)?, actor, state.key) {
            (Command::Play(_, Some(_)) | Command::Key(_), _, _) if self.version == 1 => {
                kifu_core::refuse!("rules version 1 has no key and no salted plays: play the card bare")
            }
            (Command::Play(card, None), Actor::Seat(seat), Some(key)) if state.phase == Phase::Play => Ok(
                Command::Play(card, Some(notation::salt_from_key(&key, state.battle, seat))),
            ),
            (command, _, _) => Ok(command),
        }
    }
    fn format(&self, _state: &State, command: &Command) -> String {
        notation::format(command)
    }
    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        apply(state, actor, command)
    }
    /// Chance's forced or drawn outcome, or the moves of the one seat deciding; while the
    /// kingdoms lay cards down, every card of every kingdom still to play (see `legal_for`).
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        match &state.phase {
            Phase::Key => Some(vec![Command::Key(None)]),
            Phase::Situation => Some(state.situations_left().into_iter().map(Command::Situation).collect()),
            Phase::Open => notation::parse(state, "open").ok().map(|c| vec![c]),
            Phase::Play => {
                let mut all = Vec::new();
                for seat in 0..4 {
                    for command in legal_for(state, seat) {
                        if !all.contains(&command) {
                            all.push(command);
                        }
                    }
                }
                Some(all)
            }
            _ => Some(deciding(state).map(|s| legal_for(state, s)).unwrap_or_default()),
        }
    }
    fn legal_for(&self, state: &State, actor: Actor) -> Option<Vec<Command>> {
        match actor {
            Actor::Seat(seat) if seat < 4 => Some(legal_for(state, seat)),
            _ => Some(Vec::new()),
        }
    }
    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        match &state.phase {
            Phase::Key => {
                let mut key = [0u8; 16];
                key[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
                key[8..].copy_from_slice(&rng.next_u64().to_le_bytes());
                Command::Key(Some(key))
            }
            Phase::Situation => {
                let left = state.situations_left();
                let pick = rng.below(left.len().max(1) as u64) as usize;
                Command::Situation(left.get(pick).copied().unwrap_or(state::Situation::Noblesse))
            }
            _ => Command::Open(state.down.map(|c| c.unwrap_or(Card(0)))),
        }
    }
    /// A card laid down shows as `?` to every eye but its own kingdom's (and the arbiter's)
    /// until chance's public `open` entry turns all four up.
    fn redact(&self, _state: &State, actor: Actor, command: &Command, view: View) -> String {
        match (command, actor) {
            (Command::Key(Some(_)), _) if view != View::Full => "key ?".into(),
            (Command::Play(..), Actor::Seat(seat)) if view != View::Full && view != View::Seat(seat) => "?".into(),
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
