//! A Beirut detonation: the opening is checked against the side's commitment, the carrier is
//! found by its start square, and it and every man on the eight squares around it are removed.
//! It never guesses a carrier: only an opening that matches the commitment sets one off.

use kifu_chess::piece::{Color, Role};
use kifu_chess::Position;
use kifu_core::{Opening, Outcome, RuleError};

use super::state::{name, square, Bomb, State};

/// Sets off `color`'s bomb as `opening` names it, or refuses with the reason.
pub fn detonate(state: &mut State, pos: &mut Position, color: Color, opening: &Opening) -> Result<(), RuleError> {
    let Bomb::Committed(commitment) = state.bombs[color.index()] else {
        return Err(RuleError::new(match state.bombs[color.index()] {
            Bomb::Detonated { .. } => format!("{}'s bomb has already gone off", color.name()),
            _ => format!("{} has not chosen a bomb carrier", color.name()),
        }));
    };
    commitment.check(opening)?;
    let start = square(pos, &opening.choice)?;
    if name(pos, start) != opening.choice {
        return Err(RuleError::new(format!(
            "the carrier is named by its start square in lower case ('{}')",
            name(pos, start)
        )));
    }
    let at = state.carrier_square(start).ok_or_else(|| {
        RuleError::new(format!(
            "the man that started on {} is no longer on the board: the bomb was lost with it",
            opening.choice
        ))
    })?;
    let carrier = pos
        .piece_at(at)
        .ok_or_else(|| RuleError::new("the carrier's square is empty"))?;
    if carrier.color != color {
        return Err(RuleError::new(format!(
            "the man that started on {} is not {}'s: a side's bomb is one of its own men",
            opening.choice,
            color.name()
        )));
    }
    if carrier.role == Role::King {
        return Err(RuleError::new("the king cannot carry the bomb"));
    }
    let mut blast: Vec<u8> = pos.geo.king.get(at as usize).to_vec();
    blast.push(at);
    if blast.iter().any(|&sq| pos.kings[color.index()] == Some(sq)) {
        return Err(RuleError::new(format!(
            "the blast at {} would destroy {}'s own king",
            name(pos, at),
            color.name()
        )));
    }
    let enemy_king_hit = blast.iter().any(|&sq| pos.kings[color.other().index()] == Some(sq));
    for &sq in &blast {
        for side in [Color::White, Color::Black] {
            for castle in pos.castles[side.index()].iter_mut() {
                if *castle == Some(sq) {
                    *castle = None;
                }
            }
        }
        pos.put(sq, 0);
        state.origins[sq as usize] = 0;
    }
    pos.find_kings();
    if !enemy_king_hit && pos.in_check(color) {
        return Err(RuleError::new(format!(
            "the blast at {} would leave {}'s king in check",
            name(pos, at),
            color.name()
        )));
    }
    pos.ep = None;
    pos.halfmove = 0;
    if color == Color::Black {
        pos.fullmove += 1;
    }
    pos.turn = color.other();
    state.bombs[color.index()] = Bomb::Detonated { carrier: start };
    state.fen = kifu_chess::fen::to_fen(pos);
    if enemy_king_hit {
        state.result = Some(Outcome::win(color.index() as u8, "the enemy king was blown up"));
    }
    Ok(())
}
