//! Command text: the canonical forms (`h8`, `pass`, `claim h8`, `swap`, `keep`, `offers 3`,
//! `offer h9`, `choose h9`), the lenient forms read, and the list of legal commands. It
//! applies nothing.

use super::board::{Colour, Point};
use super::config::Fouls;
use super::engine::{Command, State};
use super::forbidden::Verdict;
use super::opening::{in_square, symmetric, Step};
use kifu_core::refuse;
use kifu_core::rules::RuleError;

/// What the due opening step wants, in words.
pub fn expected(step: Step) -> String {
    match step {
        Step::Place { colour, square, .. } => match square {
            Some(side) => format!(
                "the opening wants a {} stone in the central {side}x{side} square",
                colour.name()
            ),
            None => format!("the opening wants a {} stone", colour.name()),
        },
        Step::Swap { by } => format!("{}'s holder must enter swap or keep", by.name()),
        Step::Declare { by, max } => format!(
            "{}'s holder must declare the fifth-move offers: offers 1 to offers {max}",
            by.name()
        ),
        Step::Offers(_) => "black must offer a fifth move: offer POINT".to_string(),
        Step::Choose => "white must choose one of the offers: choose POINT".to_string(),
        Step::Fork => {
            "black's holder must enter swap or keep (then a fifth move in the 9x9 square), or offer POINT (ten offers)"
                .to_string()
        }
    }
}

fn point(state: &State, text: &str) -> Result<Point, RuleError> {
    Point::parse(text, state.board.size()).map_err(RuleError::new)
}

/// Reads a command; a bare point means an offer or a choice where one of those is due.
pub fn parse(state: &State, text: &str) -> Result<Command, RuleError> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let due = state.opening.as_ref().and_then(|o| o.due());
    Ok(match words.as_slice() {
        [] => refuse!("an empty command"),
        ["pass"] => Command::Pass,
        ["swap"] => Command::Swap,
        ["keep"] | ["stay"] | ["no", "swap"] | ["noswap"] => Command::Keep,
        ["claim"] => {
            let mine: Vec<Point> = state
                .claimable
                .iter()
                .filter(|c| c.colour == state.to_move.other())
                .map(|c| c.point)
                .collect();
            match mine.as_slice() {
                [only] => Command::Claim(*only),
                [] => refuse!("there is no foul to claim"),
                _ => refuse!("several fouls can be claimed: name the point (claim h8)"),
            }
        }
        ["claim", p] => Command::Claim(point(state, p)?),
        ["offers" | "declare", n] => match n.parse::<u8>() {
            Ok(n) => Command::Declare(n),
            Err(_) => refuse!("'{n}' is not a number of offers"),
        },
        ["offer", p] => Command::Offer(point(state, p)?),
        ["choose" | "select", p] => Command::Choose(point(state, p)?),
        [p] => {
            let p = point(state, p)?;
            match due {
                Some(Step::Offers(_)) => Command::Offer(p),
                Some(Step::Choose) => Command::Choose(p),
                _ => Command::Place(p),
            }
        }
        _ => refuse!(
            "'{}' is not a command (a point like h8, pass, claim, swap, keep, offers N, offer h9, choose h9)",
            text.trim()
        ),
    })
}

/// The canonical text of a command.
pub fn format(command: &Command) -> String {
    match command {
        Command::Place(p) => p.text(),
        Command::Pass => "pass".to_string(),
        Command::Claim(p) => format!("claim {}", p.text()),
        Command::Swap => "swap".to_string(),
        Command::Keep => "keep".to_string(),
        Command::Declare(n) => format!("offers {n}"),
        Command::Offer(p) => format!("offer {}", p.text()),
        Command::Choose(p) => format!("choose {}", p.text()),
    }
}

fn not_foul(state: &State, p: Point, colour: Colour) -> bool {
    !matches!(state.verdict(p, colour), Verdict::Foul(_))
}

/// Every command that may be entered now.
pub fn legal(state: &State) -> Vec<Command> {
    if state.outcome.is_some() {
        return Vec::new();
    }
    let board = &state.board;
    let empty: Vec<Point> = board.points().filter(|p| board.get(*p).is_none()).collect();
    let offers = |state: &State| -> Vec<Command> {
        let made = state.opening.as_ref().map(|o| o.offers.clone()).unwrap_or_default();
        empty
            .iter()
            .filter(|p| not_foul(state, **p, Colour::Black))
            .filter(|p| !made.iter().any(|o| symmetric(board, *o, **p)))
            .map(|p| Command::Offer(*p))
            .collect()
    };
    match state.opening.as_ref().and_then(|o| o.due()) {
        Some(Step::Place { colour, square, .. }) => empty
            .iter()
            .filter(|p| square.is_none_or(|side| in_square(board, **p, side)))
            .filter(|p| not_foul(state, **p, colour))
            .map(|p| Command::Place(*p))
            .collect(),
        Some(Step::Swap { .. }) => vec![Command::Swap, Command::Keep],
        Some(Step::Declare { max, .. }) => (1..=max).map(Command::Declare).collect(),
        Some(Step::Offers(_)) => offers(state),
        Some(Step::Choose) => state
            .opening
            .iter()
            .flat_map(|o| o.offers.iter().map(|p| Command::Choose(*p)))
            .collect(),
        Some(Step::Fork) => {
            let mut list = vec![Command::Swap, Command::Keep];
            list.extend(offers(state));
            list
        }
        None => {
            let colour = state.to_move;
            let mut list: Vec<Command> = empty
                .iter()
                .filter(|p| state.config.fouls != Fouls::Reject || not_foul(state, **p, colour))
                .map(|p| Command::Place(*p))
                .collect();
            if state.pass_allowed() {
                list.push(Command::Pass);
            }
            list.extend(
                state
                    .claimable
                    .iter()
                    .filter(|c| c.colour == colour.other())
                    .map(|c| Command::Claim(c.point)),
            );
            list
        }
    }
}
