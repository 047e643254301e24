//! Apocalypse's 5x5 board of horsemen (knights) and footmen (pawns): squares, the position
//! text, declared moves in coordinates and their legality before the turn. It never resolves
//! a turn (resolve.rs does) and never looks at a move still hidden behind its commitment.

use serde::{Deserialize, Serialize};

pub const SIZE: u8 = 5;
pub const START: &str = "npppn/p3p/5/P3P/NPPPN";

/// A side: 0 White (p1, moving up the board), 1 Black (p2).
pub type Side = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Horseman,
    Footman,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Man {
    pub side: Side,
    pub kind: Kind,
}

/// Squares a1 = 0, b1 = 1, ... e5 = 24; `None` empty.
pub type Board = Vec<Option<Man>>;

/// A declared move: from, to, and where a footman reaching the last rank is set down again
/// when its side already has two horsemen (`c4c5@b2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub from: u8,
    pub to: u8,
    pub redeploy: Option<u8>,
}

pub fn name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % SIZE) as char, sq / SIZE + 1)
}

pub fn square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..b'a' + SIZE).contains(&b[0]) || !(b'1'..b'1' + SIZE).contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * SIZE + (b[0] - b'a'))
}

impl Declared {
    pub fn text(&self) -> String {
        let redeploy = self.redeploy.map(|r| format!("@{}", name(r))).unwrap_or_default();
        format!("{}{}{redeploy}", name(self.from), name(self.to))
    }

    /// Reads a move written exactly as [`Declared::text`] writes it (an opening's choice is
    /// the text that was hashed, so only one spelling is accepted).
    pub fn read(text: &str) -> Option<Declared> {
        let (main, redeploy) = match text.split_once('@') {
            Some((main, at)) => (main, Some(square(at)?)),
            None => (text, None),
        };
        if main.len() != 4 {
            return None;
        }
        Some(Declared {
            from: square(&main[..2])?,
            to: square(&main[2..])?,
            redeploy,
        })
    }
}

pub fn last_rank(side: Side) -> u8 {
    if side == 0 {
        SIZE - 1
    } else {
        0
    }
}

fn forward(side: Side) -> i8 {
    if side == 0 {
        1
    } else {
        -1
    }
}

pub fn count(board: &Board, side: Side, kind: Kind) -> usize {
    board
        .iter()
        .flatten()
        .filter(|m| m.side == side && m.kind == kind)
        .count()
}

/// Reads the board field: five ranks from the fifth down, `N`/`P` White, `n`/`p` Black.
pub fn read_board(text: &str) -> Result<Board, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(format!("'{text}': a board is {SIZE} ranks separated by '/'"));
    }
    let mut board: Board = vec![None; (SIZE * SIZE) as usize];
    for (i, rank) in ranks.iter().enumerate() {
        let r = SIZE - 1 - i as u8;
        let mut f = 0u8;
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10) {
                f += n as u8;
                continue;
            }
            let man = match c {
                'N' => Man {
                    side: 0,
                    kind: Kind::Horseman,
                },
                'P' => Man {
                    side: 0,
                    kind: Kind::Footman,
                },
                'n' => Man {
                    side: 1,
                    kind: Kind::Horseman,
                },
                'p' => Man {
                    side: 1,
                    kind: Kind::Footman,
                },
                _ => return Err(format!("'{c}' in rank {}: only N, P, n, p and digits", r + 1)),
            };
            if f >= SIZE {
                return Err(format!("rank {} is longer than {SIZE} squares", r + 1));
            }
            board[(r * SIZE + f) as usize] = Some(man);
            f += 1;
        }
        if f != SIZE {
            return Err(format!("rank {} holds {f} squares, not {SIZE}", r + 1));
        }
    }
    for side in 0..2 {
        let on_last = (0..SIZE).any(|f| {
            board[(last_rank(side) * SIZE + f) as usize]
                == Some(Man {
                    side,
                    kind: Kind::Footman,
                })
        });
        if on_last {
            return Err("a footman stands on its last rank".into());
        }
    }
    Ok(board)
}

/// `N`/`P` for White's horseman and footman, `n`/`p` for Black's.
pub fn letter(man: Man) -> char {
    let c = if man.kind == Kind::Horseman { 'n' } else { 'p' };
    if man.side == 0 {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

pub fn write_board(board: &Board) -> String {
    let mut ranks = Vec::new();
    for r in (0..SIZE).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for f in 0..SIZE {
            match board[(r * SIZE + f) as usize] {
                None => empty += 1,
                Some(man) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(letter(man));
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// How a declared move stands in the position before the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Legal,
    /// A footman's diagonal step onto a square no enemy holds: legal only if the enemy's own
    /// (legal) move arrives there this turn.
    IfEnemyArrives,
}

/// Whether `side` may declare `m` in `board` (before the turn); the refusal says why.
pub fn standing(board: &Board, side: Side, m: &Declared) -> Result<Standing, String> {
    let man = board[m.from as usize]
        .filter(|man| man.side == side)
        .ok_or_else(|| format!("{} holds no man of {}", name(m.from), side_name(side)))?;
    let (df, dr) = (
        (m.to % SIZE) as i8 - (m.from % SIZE) as i8,
        (m.to / SIZE) as i8 - (m.from / SIZE) as i8,
    );
    let target = board[m.to as usize];
    if target.is_some_and(|t| t.side == side) {
        return Err(format!("{} holds a man of {}'s own", name(m.to), side_name(side)));
    }
    let standing = match man.kind {
        Kind::Horseman => {
            if !matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)) {
                return Err(format!("a horseman does not move {} to {}", name(m.from), name(m.to)));
            }
            Standing::Legal
        }
        Kind::Footman => {
            if dr != forward(side) || df.abs() > 1 {
                return Err(format!(
                    "a footman steps one square forward or diagonally forward, not {}",
                    m.text()
                ));
            }
            match (df, target) {
                (0, None) => Standing::Legal,
                (0, Some(_)) => {
                    return Err(format!(
                        "{} is occupied: a footman steps forward only onto an empty square",
                        name(m.to)
                    ))
                }
                (_, Some(_)) => Standing::Legal,
                (_, None) => Standing::IfEnemyArrives,
            }
        }
    };
    let reaches_last = man.kind == Kind::Footman && m.to / SIZE == last_rank(side);
    let horsemen = count(board, side, Kind::Horseman);
    match (reaches_last, m.redeploy) {
        (false, Some(_)) => return Err("only a footman reaching its last rank is set down again ('@')".into()),
        (true, None) if horsemen >= 2 => {
            return Err(format!(
                "{} has two horsemen: a footman reaching the last rank is set down again, written '@SQUARE'",
                side_name(side)
            ))
        }
        (true, None) if count(board, side, Kind::Footman) == 1 => {
            return Err("the last footman may not reach the last rank while it would become a horseman".into())
        }
        (true, Some(_)) if horsemen < 2 => {
            return Err(format!(
                "{} has fewer than two horsemen: the footman becomes one, with no '@'",
                side_name(side)
            ))
        }
        (true, Some(at)) => {
            if at / SIZE == last_rank(side) {
                return Err("a footman is set down again off its last rank".into());
            }
            if at != m.from && board[at as usize].is_some() {
                return Err(format!("{} is not vacant to set the footman down on", name(at)));
            }
        }
        _ => {}
    }
    Ok(standing)
}

/// Whether `side` has any move legal before the turn (speculative steps aside).
pub fn has_move(board: &Board, side: Side) -> bool {
    (0..SIZE * SIZE).any(|from| {
        (0..SIZE * SIZE).any(|to| {
            [None]
                .into_iter()
                .chain((0..SIZE * SIZE).map(Some))
                .any(|redeploy| standing(board, side, &Declared { from, to, redeploy }) == Ok(Standing::Legal))
        })
    })
}

pub fn side_name(side: Side) -> &'static str {
    if side == 0 {
        "White"
    } else {
        "Black"
    }
}
