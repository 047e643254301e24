//! A second move generator written from the rules alone, for perft: it looks at every square
//! of the 8x8x3 board as a target and asks whether a man's displacement to it fits the
//! rules' words (no direction tables, no rays), so it shares nothing with `moves.rs` but the
//! board it is read from. Slow and plain on purpose.

use std::collections::BTreeMap;

use crate::board::{Colour, Kind, Position};

/// (level 0-2, file 0-7, rank 0-7)
pub type Cell = (i32, i32, i32);

#[derive(Clone)]
pub struct Naive {
    pub men: BTreeMap<Cell, (Colour, Kind)>,
    pub white_to_move: bool,
    /// K, Q, k, q
    pub rights: [bool; 4],
    /// The square passed over by a double step just made, and the pawn that made it.
    pub ep: Option<(Cell, Cell)>,
}

/// A move: from, to, promotion, and what else it moves or removes.
#[derive(Clone, Copy, Debug)]
pub struct NaiveMove {
    pub from: Cell,
    pub to: Cell,
    pub promote: Option<Kind>,
}

fn cells() -> Vec<Cell> {
    let mut all = Vec::new();
    for l in 0..3 {
        for f in 0..8 {
            for r in 0..8 {
                all.push((l, f, r));
            }
        }
    }
    all
}

impl Naive {
    pub fn from_position(pos: &Position) -> Naive {
        let mut men = BTreeMap::new();
        for (l, f, r) in cells() {
            let s = (l * 64 + r * 8 + f) as u8;
            if let Some(man) = pos.at(s) {
                men.insert((l, f, r), (man.colour, man.kind));
            }
        }
        Naive {
            men,
            white_to_move: pos.to_move == Colour::White,
            rights: [
                pos.castling & 1 != 0,
                pos.castling & 2 != 0,
                pos.castling & 4 != 0,
                pos.castling & 8 != 0,
            ],
            ep: pos.en_passant.map(|ep| {
                let c = |s: u8| ((s / 64) as i32, (s % 8) as i32, ((s % 64) / 8) as i32);
                (c(ep.passed), c(ep.pawn))
            }),
        }
    }

    fn side(&self) -> Colour {
        if self.white_to_move {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// Every square strictly between `a` and `b` on a straight line is empty.
    fn clear_between(&self, a: Cell, b: Cell) -> bool {
        let d = (b.0 - a.0, b.1 - a.1, b.2 - a.2);
        let n = d.0.abs().max(d.1.abs()).max(d.2.abs());
        (1..n).all(|k| {
            !self
                .men
                .contains_key(&(a.0 + d.0 / n * k, a.1 + d.1 / n * k, a.2 + d.2 / n * k))
        })
    }

    /// The rules' words for the pieces (not pawns): may a `kind` go from `a` to `b` over an
    /// empty path?
    fn piece_reaches(&self, kind: Kind, a: Cell, b: Cell) -> bool {
        let (dl, df, dr) = ((b.0 - a.0).abs(), (b.1 - a.1).abs(), (b.2 - a.2).abs());
        if (dl, df, dr) == (0, 0, 0) {
            return false;
        }
        // A rook goes along a file, a rank or straight up and down, or as many levels as it
        // goes files (or ranks), never files and ranks together.
        let rook = (df == 0 || dr == 0)
            && [dl, df, dr]
                .iter()
                .filter(|&&x| x != 0)
                .all(|&x| x == dl.max(df).max(dr));
        // A bishop goes diagonally on its level, or as many levels as files and ranks.
        let bishop = df != 0 && df == dr && (dl == 0 || dl == df);
        match kind {
            Kind::King => dl <= 1 && df <= 1 && dr <= 1,
            Kind::Knight => {
                let mut v = [dl, df, dr];
                v.sort();
                v == [0, 1, 2]
            }
            Kind::Rook => rook && self.clear_between(a, b),
            Kind::Bishop => bishop && self.clear_between(a, b),
            Kind::Queen => (rook || bishop) && self.clear_between(a, b),
            Kind::Pawn => false,
        }
    }

    /// May a pawn of `colour` on `a` take on `b` (one file aside, one rank forward, on its
    /// level or the next one up or down)?
    fn pawn_takes(colour: Colour, a: Cell, b: Cell) -> bool {
        let fwd = if colour == Colour::White { 1 } else { -1 };
        (b.1 - a.1).abs() == 1 && b.2 - a.2 == fwd && (b.0 - a.0).abs() <= 1
    }

    fn attacked_by(&self, target: Cell, by: Colour) -> bool {
        self.men.iter().any(|(&at, &(colour, kind))| {
            colour == by
                && if kind == Kind::Pawn {
                    Self::pawn_takes(colour, at, target)
                } else {
                    self.piece_reaches(kind, at, target)
                }
        })
    }

    fn king_of(&self, colour: Colour) -> Option<Cell> {
        self.men
            .iter()
            .find(|(_, &m)| m == (colour, Kind::King))
            .map(|(&c, _)| c)
    }

    fn pawn_targets(&self, at: Cell, colour: Colour) -> Vec<Cell> {
        let fwd = if colour == Colour::White { 1 } else { -1 };
        let (home_level, start_rank) = if colour == Colour::White { (0, 1) } else { (2, 6) };
        let on_board = |c: Cell| (0..3).contains(&c.0) && (0..8).contains(&c.1) && (0..8).contains(&c.2);
        let mut out = Vec::new();
        // One rank forward; one level up or down; both at once.
        for (dl, dr) in [(0, fwd), (1, 0), (-1, 0), (1, fwd), (-1, fwd)] {
            let one = (at.0 + dl, at.1, at.2 + dr);
            if !on_board(one) || self.men.contains_key(&one) {
                continue;
            }
            out.push(one);
            // The first move from the start square may be the same twice.
            let two = (at.0 + 2 * dl, at.1, at.2 + 2 * dr);
            if at.0 == home_level && at.2 == start_rank && on_board(two) && !self.men.contains_key(&two) {
                out.push(two);
            }
        }
        for target in cells() {
            if !Self::pawn_takes(colour, at, target) {
                continue;
            }
            let enemy = self.men.get(&target).is_some_and(|&(c, _)| c != colour);
            let ep = self.ep.is_some_and(|(passed, _)| passed == target);
            if enemy || ep {
                out.push(target);
            }
        }
        out
    }

    pub fn legal(&self) -> Vec<NaiveMove> {
        let us = self.side();
        let them = if us == Colour::White {
            Colour::Black
        } else {
            Colour::White
        };
        let mut moves = Vec::new();
        for (&at, &(colour, kind)) in &self.men {
            if colour != us {
                continue;
            }
            let targets: Vec<Cell> = if kind == Kind::Pawn {
                self.pawn_targets(at, colour)
            } else {
                cells()
                    .into_iter()
                    .filter(|&t| self.piece_reaches(kind, at, t) && self.men.get(&t).is_none_or(|&(c, _)| c != us))
                    .collect()
            };
            for to in targets {
                let far = if us == Colour::White { (2, 7) } else { (0, 0) };
                if kind == Kind::Pawn && (to.0, to.2) == far {
                    for p in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                        moves.push(NaiveMove {
                            from: at,
                            to,
                            promote: Some(p),
                        });
                    }
                } else {
                    moves.push(NaiveMove {
                        from: at,
                        to,
                        promote: None,
                    });
                }
            }
        }
        // Castling: king and rook unmoved on the home level, the squares between empty, the
        // king not in check and crossing no attacked square.
        let (l, r, short, long) = if us == Colour::White {
            (0, 0, 0, 1)
        } else {
            (2, 7, 2, 3)
        };
        let king_home = (l, 4, r);
        if self.men.get(&king_home) == Some(&(us, Kind::King)) && !self.attacked_by(king_home, them) {
            if self.rights[short]
                && self.men.get(&(l, 7, r)) == Some(&(us, Kind::Rook))
                && [5, 6]
                    .iter()
                    .all(|&f| !self.men.contains_key(&(l, f, r)) && !self.attacked_by((l, f, r), them))
            {
                moves.push(NaiveMove {
                    from: king_home,
                    to: (l, 6, r),
                    promote: None,
                });
            }
            if self.rights[long]
                && self.men.get(&(l, 0, r)) == Some(&(us, Kind::Rook))
                && [1, 2, 3].iter().all(|&f| !self.men.contains_key(&(l, f, r)))
                && [3, 2].iter().all(|&f| !self.attacked_by((l, f, r), them))
            {
                moves.push(NaiveMove {
                    from: king_home,
                    to: (l, 2, r),
                    promote: None,
                });
            }
        }
        moves
            .into_iter()
            .filter(|m| {
                let after = self.after(m);
                after.king_of(us).is_none_or(|k| !after.attacked_by(k, them))
            })
            .collect()
    }

    pub fn after(&self, m: &NaiveMove) -> Naive {
        let mut next = self.clone();
        let (colour, kind) = next.men.remove(&m.from).expect("a man to move");
        if kind == Kind::Pawn && self.ep.is_some_and(|(passed, _)| passed == m.to) && !self.men.contains_key(&m.to) {
            if let Some((_, pawn)) = self.ep {
                next.men.remove(&pawn);
            }
        }
        if kind == Kind::King && (m.to.1 - m.from.1).abs() == 2 {
            let (rook_from, rook_to) = if m.to.1 == 6 { (7, 5) } else { (0, 3) };
            if let Some(rook) = next.men.remove(&(m.from.0, rook_from, m.from.2)) {
                next.men.insert((m.from.0, rook_to, m.from.2), rook);
            }
        }
        next.men.insert(m.to, (colour, m.promote.unwrap_or(kind)));
        next.ep = None;
        let two = (m.to.0 - m.from.0).abs() == 2 || (m.to.2 - m.from.2).abs() == 2;
        if kind == Kind::Pawn && two {
            let passed = ((m.from.0 + m.to.0) / 2, m.from.1, (m.from.2 + m.to.2) / 2);
            next.ep = Some((passed, m.to));
        }
        // Rights go with a king or rook leaving home or a rook taken at home.
        for (i, (l, r)) in [(0, 0), (0, 0), (2, 7), (2, 7)].into_iter().enumerate() {
            let rook_file = if i % 2 == 0 { 7 } else { 0 };
            for c in [m.from, m.to] {
                if c == (l, 4, r) || c == (l, rook_file, r) {
                    next.rights[i] = false;
                }
            }
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
    }
}
