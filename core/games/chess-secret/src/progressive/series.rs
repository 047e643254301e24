//! The series bookkeeping of progressive chess on a kifu-chess position: which moves may be
//! made now (en passant only as a series' first move), and a move's effect on the series.
//! It never decides a move's legality itself: kifu-chess's move generation does.

use kifu_chess::fen::{parse_fen, to_fen};
use kifu_chess::movegen::legal_moves;
use kifu_chess::piece::Role;
use kifu_chess::{Move, MoveKind, Position, Variant};
use kifu_core::RuleError;

use super::State;

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The start: a FEN (its en passant square, if any, becomes a target for the first move),
/// optionally followed by the series length and the moves already made in it (`FEN 3 1`) and
/// more first-move en passant targets (`ep+a3,c3`), as [`State::text`] writes it.
pub fn start(text: Option<&str>) -> Result<State, RuleError> {
    let text = text.unwrap_or(STANDARD_FEN);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (fields, more_targets) = match fields.split_last() {
        Some((last, rest)) if last.starts_with("ep+") => (rest.to_vec(), Some(&last[3..])),
        _ => (fields, None),
    };
    let (fen, series, made) = match fields.len() {
        6 => (fields.join(" "), 1, 0),
        8 => {
            let number = |t: &str| t.parse::<u32>().map_err(|_| RuleError::new(format!("'{t}' is not a count")));
            (fields[..6].join(" "), number(fields[6])?, number(fields[7])?)
        }
        n => return Err(RuleError::new(format!("a progressive position is a FEN, optionally followed by the series length and the moves made in it: {n} fields"))),
    };
    if series == 0 || made >= series {
        return Err(RuleError::new(format!(
            "series {series} with {made} moves made: a series has 1 or more moves, fewer made than its length"
        )));
    }
    // kifu-chess refuses a FEN whose side not to move is in check: a series that gave check
    // is over, so a mid-series position never has one.
    let mut pos = parse_fen(Variant::Standard, &fen).map_err(RuleError::new)?;
    let mut ep_targets: Vec<u8> = pos.ep.into_iter().collect();
    for name in more_targets.into_iter().flat_map(|list| list.split(',')) {
        let target = pos
            .geo
            .parse_square(name)
            .ok_or_else(|| RuleError::new(format!("'{name}' in the en passant targets is not a square")))?;
        ep_targets.push(target);
    }
    if made > 0 && !ep_targets.is_empty() {
        return Err(RuleError::new("en passant targets count only for a series' first move"));
    }
    pos.ep = None;
    let state = State {
        fen: to_fen(&pos),
        series,
        made,
        ep_targets,
        double_steps: Vec::new(),
        quiet_series: 0,
        active: false,
        result: None,
    };
    if state.options().is_empty() {
        return Err(RuleError::new("the side to move has no legal move"));
    }
    Ok(state)
}

impl State {
    /// The positions the side to move may play from: the position without en passant, and on
    /// a series' first move one more per en passant target.
    pub fn positions(&self) -> Vec<Position> {
        let pos = self.position();
        let mut all = vec![pos.clone()];
        if self.made == 0 {
            for &target in &self.ep_targets {
                let mut with = pos.clone();
                with.ep = Some(target);
                all.push(with);
            }
        }
        all
    }

    /// Every legal move now, each with the position it is played from.
    pub fn options(&self) -> Vec<(Position, Move)> {
        let mut out: Vec<(Position, Move)> = Vec::new();
        for (i, pos) in self.positions().into_iter().enumerate() {
            for m in legal_moves(&pos) {
                let new_ep = m.kind == MoveKind::EnPassant && Some(m.to) == pos.ep;
                if (i == 0 && m.kind != MoveKind::EnPassant) || (i > 0 && new_ep) {
                    out.push((pos.clone(), m));
                }
            }
        }
        out
    }

    /// Plays `m` from `pos` (one of [`State::options`]) and moves the series on.
    pub fn play(&mut self, pos: &mut Position, m: &Move) {
        let us = pos.turn;
        let zeroing = m.role == Role::Pawn || pos.is_capture(m);
        self.double_steps.retain(|(landing, _)| *landing != m.from);
        pos.play(m);
        if m.kind == MoveKind::DoublePush {
            if let Some(skipped) = pos.ep {
                self.double_steps.push((m.to, skipped));
            }
        }
        self.active |= zeroing;
        self.made += 1;
        let check = pos.in_check(us.other());
        if check || self.made == self.series {
            self.ep_targets = self.double_steps.drain(..).map(|(_, skipped)| skipped).collect();
            self.series += 1;
            self.made = 0;
            self.quiet_series = if self.active { 0 } else { self.quiet_series + 1 };
            self.active = false;
        } else {
            pos.turn = us;
        }
        pos.ep = None;
        self.fen = to_fen(pos);
    }

    /// The position text: the FEN (its en passant field giving this series' first-move
    /// targets, when there is one), then the series length and the moves made in it.
    pub fn text(&self) -> String {
        let mut pos = self.position();
        pos.ep = self.ep_targets.first().copied().filter(|_| self.made == 0);
        let extra: Vec<String> = self
            .ep_targets
            .iter()
            .skip(1)
            .filter(|_| self.made == 0)
            .map(|sq| pos.geo.name(*sq))
            .collect();
        let extra = if extra.is_empty() {
            String::new()
        } else {
            format!(" ep+{}", extra.join(","))
        };
        format!("{} {} {}{extra}", to_fen(&pos), self.series, self.made)
    }
}
