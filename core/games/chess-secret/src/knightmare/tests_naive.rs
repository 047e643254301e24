//! A second, naive reading of "the piece moves as a KIND" written from the rules of chess
//! alone (coordinates and loops, no kifu-chess move generator), compared with
//! `pattern_allows` for every piece, kind and target square of positions from random games.

use kifu_chess::fen::parse_fen;
use kifu_chess::piece::{Color, Role};
use kifu_chess::{Position, Variant};
use kifu_core::chance::ChanceRng;

use super::{pattern_allows, regular_moves, STANDARD_FEN};

/// The board as (file, rank) -> (colour, kind), read back from the FEN's first field.
fn grid(pos: &Position) -> [[Option<(Color, Role)>; 8]; 8] {
    let mut g = [[None; 8]; 8];
    for (f, column) in g.iter_mut().enumerate() {
        for (r, cell) in column.iter_mut().enumerate() {
            let sq = pos.geo.square(f as u8, r as u8).unwrap();
            *cell = pos.piece_at(sq).map(|p| (p.color, p.role));
        }
    }
    g
}

/// Whether a `color` piece of kind `kind` on (ff, fr) could go to (tf, tr), by the rules.
fn naive(g: &[[Option<(Color, Role)>; 8]; 8], color: Color, kind: Role, from: (i32, i32), to: (i32, i32)) -> bool {
    let (df, dr) = (to.0 - from.0, to.1 - from.1);
    let target = g[to.0 as usize][to.1 as usize];
    if target.is_some_and(|(c, _)| c == color) || (df, dr) == (0, 0) {
        return false;
    }
    let clear_line = || {
        let (sf, sr) = (df.signum(), dr.signum());
        let steps = df.abs().max(dr.abs());
        (1..steps).all(|i| g[(from.0 + sf * i) as usize][(from.1 + sr * i) as usize].is_none())
    };
    let straight = df == 0 || dr == 0;
    let diagonal = df.abs() == dr.abs();
    match kind {
        Role::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        Role::King => df.abs() <= 1 && dr.abs() <= 1,
        Role::Rook => straight && clear_line(),
        Role::Bishop => diagonal && clear_line(),
        Role::Queen => (straight || diagonal) && clear_line(),
        Role::Pawn => {
            let ahead = if color == Color::White { 1 } else { -1 };
            let start = if color == Color::White { 1 } else { 6 };
            if df == 0 && dr == ahead {
                target.is_none()
            } else if df == 0 && dr == 2 * ahead && from.1 == start {
                target.is_none() && g[from.0 as usize][(from.1 + ahead) as usize].is_none()
            } else {
                df.abs() == 1 && dr == ahead && target.is_some()
            }
        }
        _ => false,
    }
}

#[test]
fn moving_as_a_kind_agrees_with_a_naive_reading_of_the_rules() {
    let mut pos = parse_fen(Variant::Standard, STANDARD_FEN).unwrap();
    let mut rng = ChanceRng::for_entry(b"knightmare naive", 0);
    let mut compared = 0u64;
    let mut allowed = 0u64;
    for ply in 0..60 {
        if ply % 8 == 3 {
            let g = grid(&pos);
            for from in 0..64u8 {
                let Some(piece) = pos.piece_at(from) else { continue };
                let fc = (pos.geo.file(from) as i32, pos.geo.rank(from) as i32);
                for kind in [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                    Role::King,
                ] {
                    for to in 0..64u8 {
                        let tc = (pos.geo.file(to) as i32, pos.geo.rank(to) as i32);
                        let expected = to != from && naive(&g, piece.color, kind, fc, tc);
                        let got = to != from && pattern_allows(&pos, piece.color, kind, from, to);
                        assert_eq!(
                            got,
                            expected,
                            "{} {:?} as {:?} from {} to {} in {}",
                            piece.color.name(),
                            piece.role,
                            kind,
                            pos.geo.name(from),
                            pos.geo.name(to),
                            kifu_chess::fen::to_fen(&pos)
                        );
                        compared += 1;
                        allowed += u64::from(got);
                    }
                }
            }
        }
        let moves = regular_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(&m);
    }
    assert!(
        compared > 50_000 && allowed > 2_000,
        "{compared} compared, {allowed} allowed"
    );
}
