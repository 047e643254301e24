//! Djambi move text: `M a1-c3` (a move), `C e5xg7 @b2` (a kill by replacement, the corpse
//! put on b2), `A d4xf6` (the assassin's corpse goes to d4, unwritten), `R c3-c5 xc6` (a
//! reporter's kill beside its square), `D b2-f6 @a5` (the diplomat moves the piece on f6 to
//! a5), `N c3xe5`... see seeds/chess/djambi.md. A move that acted in the Labyrinth ends `>SQUARE`
//! (where the piece leaves to); `pass` only when no move is left. Reading checks the move
//! against the position and says why one is refused; it never changes the state.

use super::board::{Kind, Square, MAZE, ORTHOGONAL};
use super::moves::{reach, Move};
use super::state::{seat_name, State};
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    Pass,
}

pub fn format(command: &Command) -> String {
    let Command::Move(mv) = command else {
        return "pass".into();
    };
    let sep = if mv.victim == Some(mv.to) { 'x' } else { '-' };
    let mut text = format!("{} {}{sep}{}", mv.kind.letter(), mv.from, mv.to);
    if let Some(victim) = mv.victim.filter(|v| *v != mv.to) {
        text.push_str(&format!(" x{victim}"));
    }
    if let Some(place) = mv.place.filter(|_| mv.kind != Kind::Assassin) {
        text.push_str(&format!(" @{place}"));
    }
    if let Some(exit) = mv.exit {
        text.push_str(&format!(" >{exit}"));
    }
    text
}

/// What the text says, before the position is asked.
#[derive(Default)]
struct Written {
    letter: Option<Kind>,
    from: Option<Square>,
    to: Option<Square>,
    beside: Option<Square>,
    place: Option<Square>,
    exit: Option<Square>,
}

fn read(raw: &str) -> Result<Written, String> {
    let text: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let shape = "write a move as 'M a1-c3', with 'xSQUARE' (a reporter's victim), '@SQUARE' (where the corpse or moved piece goes) and '>SQUARE' (the way out of e5) after it as needed";
    let mut chars = text.chars().peekable();
    let mut written = Written::default();
    if let Some(kind) = chars.peek().and_then(|c| Kind::from_letter(*c)) {
        written.letter = Some(kind);
        chars.next();
    }
    let square = |chars: &mut std::iter::Peekable<std::str::Chars>| -> Result<Square, String> {
        let pair: String = chars.by_ref().take(2).collect();
        Square::parse(&pair).ok_or_else(|| format!("'{pair}' in '{raw}' is not a square: files a-i, ranks 1-9"))
    };
    written.from = Some(square(&mut chars)?);
    match chars.next() {
        Some('-' | 'x' | ':') => {}
        _ => return Err(format!("'{raw}' is not a move: {shape}")),
    }
    written.to = Some(square(&mut chars)?);
    while let Some(mark) = chars.next() {
        let slot = match mark {
            'x' => &mut written.beside,
            '@' => &mut written.place,
            '>' => &mut written.exit,
            _ => return Err(format!("'{mark}' in '{raw}' is not understood: {shape}")),
        };
        if slot.is_some() {
            return Err(format!("'{raw}' gives '{mark}' twice"));
        }
        *slot = Some(square(&mut chars)?);
    }
    Ok(written)
}

pub fn parse(state: &State, raw: &str) -> Result<Command, RuleError> {
    let legal = state.legal();
    if raw.trim().eq_ignore_ascii_case("pass") {
        if !legal.is_empty() {
            return Err(RuleError::new(format!(
                "{} may pass only with no move left, and has {} moves",
                seat_name(state.to_move),
                legal.len()
            )));
        }
        return Ok(Command::Pass);
    }
    let written = read(raw.trim()).map_err(RuleError::new)?;
    let mv = resolve(state, &written).map_err(RuleError::new)?;
    if legal.contains(&mv) {
        return Ok(Command::Move(mv));
    }
    Err(RuleError::new(why_not(state, &mv).unwrap_or_else(|| {
        format!("'{}' is not a legal move here", raw.trim())
    })))
}

/// The move the text names, with what the rules make implicit filled in.
fn resolve(state: &State, written: &Written) -> Result<Move, String> {
    let (Some(from), Some(to)) = (written.from, written.to) else {
        return Err("a move names two squares".into());
    };
    let piece = state.board.at(from).ok_or_else(|| format!("{from} is empty"))?;
    if !piece.alive {
        return Err(format!(
            "the {} on {from} is dead: corpses do not move (a necromobile moves them)",
            piece.kind.name()
        ));
    }
    if piece.owner != Some(state.to_move) {
        let whose = piece.owner.map(seat_name).unwrap_or_else(|| "nobody".into());
        return Err(format!(
            "the {} on {from} is {whose}'s, and it is {}'s move",
            piece.kind.name(),
            seat_name(state.to_move)
        ));
    }
    if let Some(letter) = written.letter.filter(|k| *k != piece.kind) {
        return Err(format!("{from} holds {}, not {}", piece.kind.a(), letter.a()));
    }
    let kind = piece.kind;
    let replaces = matches!(kind, Kind::Chief | Kind::Militant | Kind::Assassin) && state.board.at(to).is_some();
    let victim = match (replaces, written.beside) {
        (true, None) => Some(to),
        (false, beside) if kind == Kind::Reporter => beside,
        (_, Some(beside)) => {
            return Err(format!(
                "only a reporter kills beside the square it moves to; the {} cannot kill on {beside}",
                kind.name()
            ))
        }
        (false, None) => None,
    };
    let place = if kind == Kind::Assassin && replaces {
        match written.place {
            Some(place) if place != from => {
                return Err(format!(
                    "an assassin leaves its victim's corpse on the square it came from, {from}, not {place}"
                ))
            }
            _ => Some(from),
        }
    } else {
        written.place
    };
    Ok(Move {
        kind,
        from,
        to,
        victim,
        place,
        exit: written.exit,
    })
}

/// Why a move the position does not allow is refused, in the rules' words.
fn why_not(state: &State, mv: &Move) -> Option<String> {
    let board = &state.board;
    let kind = mv.kind.name();
    let reached = reach(board, mv.kind, mv.from).into_iter().find(|(s, _)| *s == mv.to);
    let Some((to, empty)) = reached else {
        if mv.to == MAZE && board.is_empty(MAZE) {
            return Some("only a chief may stop in the Labyrinth (e5); other pieces only pass over it".into());
        }
        return Some(format!(
            "the {kind} on {} cannot reach {}: militants go one or two squares in a line, the others any number; no piece jumps over another",
            mv.from, mv.to
        ));
    };
    let seat = state.to_move;
    if empty {
        if let Some(victim) = mv.victim {
            let beside = ORTHOGONAL.iter().filter_map(|d| to.step(*d)).any(|s| s == victim);
            let enemy = board.at(victim).is_some_and(|p| p.is_enemy_of(seat));
            return Some(match (beside, enemy) {
                (false, _) => format!("{victim} is not beside {to}: a reporter kills on the four squares next to it"),
                _ => format!("no living enemy piece stands on {victim}"),
            });
        }
        if mv.place.is_some() {
            return Some(format!("{to} is empty: there is nothing to put elsewhere"));
        }
        return mv
            .exit
            .map(|_| "only a piece that acted in the Labyrinth leaves it in the same turn".to_string());
    }
    let target = board.at(to)?;
    let what = target.kind.name();
    if !target.alive && mv.kind != Kind::Necromobile {
        return Some(format!("{to} holds a dead {what}: only a necromobile moves corpses"));
    }
    if target.alive && target.owner.is_none() {
        return Some(format!(
            "the {what} on {to} belongs to nobody: it can be neither killed nor moved until a chief is in power"
        ));
    }
    if target.alive && target.owner == Some(seat) {
        return Some(format!(
            "the {what} on {to} is your own: kifu lets no piece kill or move its own side's"
        ));
    }
    match mv.kind {
        Kind::Reporter => {
            return Some(format!(
                "a reporter does not take {to}: it kills beside the square it stops on"
            ))
        }
        Kind::Necromobile if target.alive => {
            return Some(format!("a necromobile moves corpses; the {what} on {to} is alive"))
        }
        Kind::Militant if to == MAZE => return Some("a militant cannot kill a chief in power".into()),
        _ => {}
    }
    let chief_moved = mv.kind == Kind::Diplomat && target.kind == Kind::Chief;
    match mv.place {
        None => {
            let what = if mv.kind == Kind::Diplomat {
                "the piece"
            } else {
                "the corpse"
            };
            return Some(format!("name the square {what} on {to} goes to: add @SQUARE"));
        }
        Some(place) if place != mv.from && (place == to || !board.is_empty(place)) => {
            return Some(format!("{place} is not empty"))
        }
        Some(place) if place == MAZE && !chief_moved => {
            return Some("nothing but a living chief may be put in the Labyrinth (e5)".into())
        }
        Some(_) => {}
    }
    if to == MAZE && mv.kind != Kind::Chief {
        return Some(match mv.exit {
            None => format!(
                "{} may not stay in the Labyrinth: add >SQUARE, where it leaves e5 to in the same turn",
                mv.kind.a()
            ),
            Some(exit) => format!("the {kind} cannot leave e5 for {exit}: the way must be a line of empty squares"),
        });
    }
    mv.exit
        .map(|_| "only a piece that acted in the Labyrinth leaves it in the same turn".to_string())
}
