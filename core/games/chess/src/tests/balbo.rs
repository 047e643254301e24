//! Balbo's game: the 70-cell board as data, its set-up, promotion by file (full on d to h,
//! minor pieces on c and i, none on a, b, j, k), no castling, Pritchard's third-move knight
//! mate, draws, notation round trips, and perft checked against a naive generator written
//! here from the rules alone (cells by their half-widths, pieces by their steps).

use super::variant_support::{commands, legal_uci, over, play, record, round_trip, start};
use crate::fen::{parse_fen, to_fen};
use crate::notation::{PGN, UCI};
use crate::perft::perft_position;
use crate::variant::Variant;

const START: &str = crate::boards::BALBO_START;

/// A naive move generator for Balbo's game, independent of the engine: a 10x11 array of
/// letters, every move tried and kept when no enemy move then lands on the own king.
mod naive {
    const HALF: [i8; 10] = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1];
    type Steps = Vec<(i8, i8)>;

    pub fn on(f: i8, r: i8) -> bool {
        (0..10).contains(&r) && (0..11).contains(&f) && (f - 5).abs() <= HALF[r as usize]
    }

    #[derive(Clone)]
    pub struct Pos {
        pub cells: [[u8; 11]; 10],
        pub white: bool,
        pub ep: Option<(i8, i8)>,
    }

    #[derive(Clone, Copy)]
    pub struct Mv {
        from: (i8, i8),
        to: (i8, i8),
        promo: u8,
        ep: bool,
        double: bool,
    }

    pub fn from_fen(fen: &str) -> Pos {
        let mut fields = fen.split(' ');
        let board = fields.next().unwrap_or("");
        let mut cells = [[0u8; 11]; 10];
        for (i, row) in board.split('/').enumerate() {
            let r = 9 - i;
            let mut f = 0usize;
            let mut digits = 0usize;
            for c in row.chars().chain(std::iter::once(' ')) {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as usize;
                    continue;
                }
                f += digits;
                digits = 0;
                match c {
                    ' ' => {}
                    '*' => f += 1,
                    _ => {
                        cells[r][f] = c as u8;
                        f += 1;
                    }
                }
            }
        }
        let white = fields.next() == Some("w");
        let ep = fields.nth(1).filter(|e| *e != "-").map(|e| {
            let b = e.as_bytes();
            ((b[0] - b'a') as i8, e[1..].parse::<i8>().unwrap_or(0) - 1)
        });
        Pos { cells, white, ep }
    }

    fn at(p: &Pos, f: i8, r: i8) -> u8 {
        p.cells[r as usize][f as usize]
    }
    fn mine(c: u8, white: bool) -> bool {
        c != 0 && c.is_ascii_uppercase() == white
    }

    fn pseudo(p: &Pos, white: bool) -> Vec<Mv> {
        let mut out = Vec::new();
        let add = |out: &mut Vec<Mv>, from, to| {
            out.push(Mv {
                from,
                to,
                promo: 0,
                ep: false,
                double: false,
            })
        };
        for r in 0..10i8 {
            for f in 0..11i8 {
                let c = at(p, f, r);
                if !on(f, r) || !mine(c, white) {
                    continue;
                }
                let kind = c.to_ascii_uppercase();
                let rook: &[(i8, i8)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
                let bishop: &[(i8, i8)] = &[(1, 1), (-1, 1), (1, -1), (-1, -1)];
                let knight: &[(i8, i8)] = &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
                let (slides, steps): (Steps, Steps) = match kind {
                    b'R' => (rook.to_vec(), vec![]),
                    b'B' => (bishop.to_vec(), vec![]),
                    b'Q' => ([rook, bishop].concat(), vec![]),
                    b'N' => (vec![], knight.to_vec()),
                    b'K' => (vec![], [rook, bishop].concat()),
                    _ => (vec![], vec![]),
                };
                for (df, dr) in slides {
                    let (mut tf, mut tr) = (f + df, r + dr);
                    while on(tf, tr) && !mine(at(p, tf, tr), white) {
                        add(&mut out, (f, r), (tf, tr));
                        if at(p, tf, tr) != 0 {
                            break;
                        }
                        tf += df;
                        tr += dr;
                    }
                }
                for (df, dr) in steps {
                    if on(f + df, r + dr) && !mine(at(p, f + df, r + dr), white) {
                        add(&mut out, (f, r), (f + df, r + dr));
                    }
                }
                if kind == b'P' {
                    pawn(p, white, f, r, &mut out);
                }
            }
        }
        out
    }

    fn pawn(p: &Pos, white: bool, f: i8, r: i8, out: &mut Vec<Mv>) {
        let dir = if white { 1 } else { -1 };
        let home = if white { 2 } else { 7 };
        let mut push = |to: (i8, i8), ep: bool, double: bool| {
            let last = !on(to.0, to.1 + dir);
            let promos: &[u8] = match (last, to.0) {
                (false, _) => &[0],
                (true, 3..=7) => b"QRBN",
                (true, 2 | 8) => b"BN",
                _ => &[0],
            };
            for &promo in promos {
                out.push(Mv {
                    from: (f, r),
                    to,
                    promo,
                    ep,
                    double,
                });
            }
        };
        if on(f, r + dir) && at(p, f, r + dir) == 0 {
            push((f, r + dir), false, false);
            if r == home && on(f, r + 2 * dir) && at(p, f, r + 2 * dir) == 0 {
                push((f, r + 2 * dir), false, true);
            }
        }
        for df in [-1, 1] {
            let to = (f + df, r + dir);
            if !on(to.0, to.1) {
                continue;
            }
            let c = at(p, to.0, to.1);
            if c != 0 && !mine(c, white) {
                push(to, false, false);
            } else if c == 0 && p.ep == Some(to) {
                push(to, true, false);
            }
        }
    }

    fn make(p: &Pos, m: &Mv) -> Pos {
        let mut n = p.clone();
        let c = at(p, m.from.0, m.from.1);
        n.cells[m.from.1 as usize][m.from.0 as usize] = 0;
        let placed = match m.promo {
            0 => c,
            x if p.white => x,
            x => x.to_ascii_lowercase(),
        };
        n.cells[m.to.1 as usize][m.to.0 as usize] = placed;
        if m.ep {
            n.cells[m.from.1 as usize][m.to.0 as usize] = 0;
        }
        n.ep = m.double.then(|| (m.from.0, (m.from.1 + m.to.1) / 2));
        n.white = !p.white;
        n
    }

    fn king_taken(p: &Pos, white: bool) -> bool {
        let king = if white { b'K' } else { b'k' };
        pseudo(p, !white).iter().any(|m| at(p, m.to.0, m.to.1) == king)
    }

    pub fn legal(p: &Pos) -> Vec<Mv> {
        pseudo(p, p.white)
            .into_iter()
            .filter(|m| !king_taken(&make(p, m), p.white))
            .collect()
    }

    pub fn perft(p: &Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        legal(p).iter().map(|m| perft(&make(p, m), depth - 1)).sum()
    }
}

fn engine_perft(fen: &str, depth: u32) -> Result<u64, String> {
    Ok(perft_position(&parse_fen(Variant::Balbo, fen)?, depth))
}

#[test]
fn the_board_has_seventy_cells_in_rows_of_three_to_eleven() {
    let g = crate::boards::balbo();
    let rows: Vec<usize> = (0..10u8)
        .map(|r| (0..11u8).filter(|&f| g.square(f, r).is_some()).count())
        .collect();
    assert_eq!(rows, [3, 5, 7, 9, 11, 11, 9, 7, 5, 3]);
    assert_eq!(g.parse_square("e1"), Some(4));
    assert_eq!(g.parse_square("d1"), None, "d1 is off the board");
    assert_eq!(g.parse_square("f10"), Some(9 * 11 + 5));
    assert_eq!(g.parse_square("a4"), None);
    assert!(g.parse_square("a5").is_some() && g.parse_square("k6").is_some());
}

#[test]
fn the_start_position_reads_back_as_written() {
    let pos = parse_fen(Variant::Balbo, START);
    assert_eq!(pos.as_ref().map(to_fen), Ok(START.to_string()));
}

#[test]
fn perft_from_the_start_agrees_with_the_naive_generator() -> Result<(), String> {
    let naive = naive::from_fen(START);
    for depth in 1..=3 {
        assert_eq!(
            engine_perft(START, depth)?,
            naive::perft(&naive, depth),
            "depth {depth}"
        );
    }
    // The figures themselves, as both generators give them.
    assert_eq!([1, 2, 3].map(|d| engine_perft(START, d)), [Ok(18), Ok(324), Ok(6305)]);
    Ok(())
}

#[test]
fn perft_with_promotions_and_en_passant_agrees_with_the_naive_generator() -> Result<(), String> {
    for fen in [
        // Pawns one step from the ends of the a-, c-, d-, f- and i-files, both sides.
        "****k1q****/***5***/**1P5**/*7P1*/1P8p/P10/*1p7*/**5p1**/***R4***/****K1Q**** w - - 0 1",
        // Black's c-pawn has just stepped two past the white pawn d6: en passant on c7.
        "****kbq****/***rnbnr***/**1pppppp**/*9*/2pP7/11/*9*/**P1PPPPP**/***RNBNR***/****KBQ**** w - c7 0 5",
    ] {
        let naive = naive::from_fen(fen);
        for depth in 1..=3 {
            assert_eq!(
                engine_perft(fen, depth)?,
                naive::perft(&naive, depth),
                "{fen} depth {depth}"
            );
        }
    }
    Ok(())
}

#[test]
fn the_legal_moves_at_the_start_are_exactly_these() -> Result<(), String> {
    // Seven pawns one or two steps, knights e2-d4, e2-f4, g2-f4, g2-h4; everything else is
    // hemmed in by its own pieces or the board's edge (c1 and i1 are not cells).
    let expected = [
        "c3c4", "c3c5", "d3d4", "d3d5", "e2d4", "e2f4", "e3e4", "e3e5", "f3f4", "f3f5", "g2f4", "g2h4", "g3g4", "g3g5",
        "h3h4", "h3h5", "i3i4", "i3i5",
    ];
    let got = legal_uci(Variant::Balbo, START)?;
    assert_eq!(got, expected);
    Ok(())
}

#[test]
fn a_pawn_on_the_d_to_h_files_promotes_to_any_piece() -> Result<(), String> {
    let moves = legal_uci(
        Variant::Balbo,
        "****k2****/***3P1***/**7**/*9*/11/11/*9*/**7**/***5***/****K2**** w - - 0 1",
    )?;
    let promotions: Vec<&String> = moves.iter().filter(|m| m.starts_with("g9")).collect();
    assert_eq!(promotions, ["g9g10b", "g9g10n", "g9g10q", "g9g10r"]);
    let d = legal_uci(
        Variant::Balbo,
        "****k2****/***5***/**1P5**/*9*/11/11/*9*/**7**/***5***/****K2**** w - - 0 1",
    )?;
    let d: Vec<&String> = d.iter().filter(|m| m.starts_with("d8")).collect();
    assert_eq!(d, ["d8d9b", "d8d9n", "d8d9q", "d8d9r"], "d9 is the d-file's last cell");
    Ok(())
}

#[test]
fn a_pawn_on_the_c_and_i_files_promotes_to_a_minor_piece_only() -> Result<(), String> {
    let moves = legal_uci(
        Variant::Balbo,
        "****k2****/***5***/**7**/*1P7*/11/11/*9*/**7**/***5***/****K2**** w - - 0 1",
    )?;
    let c: Vec<&String> = moves.iter().filter(|m| m.starts_with("c7")).collect();
    assert_eq!(c, ["c7c8b", "c7c8n"], "c8 is the c-file's last cell");
    Ok(())
}

#[test]
fn black_promotes_on_its_own_last_cells_the_same_way() -> Result<(), String> {
    // Black pawns on i4 (its i-file ends on i3) and e2 (the e-file ends on e1).
    let moves = legal_uci(
        Variant::Balbo,
        "****k2****/***5***/**7**/*9*/11/11/*7p1*/**7**/***1p3***/****2K**** b - - 0 1",
    )?;
    let pawns: Vec<&String> = moves
        .iter()
        .filter(|m| m.starts_with("i4") || m.starts_with("e2"))
        .collect();
    assert_eq!(pawns, ["e2e1b", "e2e1n", "e2e1q", "e2e1r", "i4i3b", "i4i3n"]);
    Ok(())
}

#[test]
fn a_pawn_at_the_end_of_an_outer_file_stays_a_pawn() -> Result<(), String> {
    // The white pawn b6 steps to b7, the b-file's last cell, and stays a pawn there.
    let fen = "****k2****/***5***/**7**/*9*/1P9/11/*9*/**7**/***5***/****K2**** w - - 0 1";
    let mut m = start("balbo", Some(fen))?;
    assert_eq!(play(&mut m, &["b7"])?, ["b7"]);
    let pos = parse_fen(
        Variant::Balbo,
        "****k2****/***5***/**7**/*P8*/11/11/*9*/**7**/***5***/****K2**** b - - 0 1",
    );
    assert!(pos.is_ok(), "a white pawn may stand on b7: {pos:?}");
    Ok(())
}

#[test]
fn pawns_never_stand_behind_their_third_rank_or_on_a_promoting_cell() {
    for (fen, cell) in [
        (
            "****k2****/***5***/**7**/*9*/11/11/*9*/**7**/***P4***/****K2**** w - - 0 1",
            "d2",
        ),
        (
            "****k2****/***P4***/**7**/*9*/11/11/*9*/**7**/***5***/****K2**** w - - 0 1",
            "d9",
        ),
        (
            "****k2****/***5***/**7**/*9*/11/11/*9*/**7**/***5***/****Kp1**** w - - 0 1",
            "f1",
        ),
        (
            "****k2****/***5***/**7**/*9*/11/11/*9*/**p6**/***5***/****K2**** w - - 0 1",
            "c3",
        ),
    ] {
        let err = parse_fen(Variant::Balbo, fen).err().unwrap_or_default();
        assert!(err.contains(cell), "{cell}: {err}");
    }
}

#[test]
fn there_is_no_castling() {
    let err = parse_fen(Variant::Balbo, &START.replace(" - - ", " KQkq - "))
        .err()
        .unwrap_or_default();
    assert!(err.contains("castling"), "{err}");
}

#[test]
fn pritchards_knight_mate_on_the_third_move() -> Result<(), String> {
    let mut m = start("balbo", None)?;
    let san = play(&mut m, &["c4", "Nd7", "c5", "Ne5", "i4", "Nxf3"])?;
    assert_eq!(san.last().map(String::as_str), Some("Nxf3#"));
    assert_eq!(over(m.as_ref()), "p2 wins: checkmate");
    Ok(())
}

#[test]
fn white_mates_the_same_way_on_f8() -> Result<(), String> {
    let mut m = start("balbo", None)?;
    play(&mut m, &["Nh4", "c6", "Ng6", "c5", "Nxf8"])?;
    assert_eq!(over(m.as_ref()), "p1 wins: checkmate");
    Ok(())
}

#[test]
fn stalemate_is_a_draw() -> Result<(), String> {
    // Black's king e10 is not attacked, but the queen d8 covers d9, e9 and f10 and the king f8
    // covers e9 and f9: no cell is left to it, and black has nothing else.
    let m = start(
        "balbo",
        Some("****k2****/***5***/**1Q1K3**/*9*/11/11/*9*/**7**/***5***/****3**** b - - 0 1"),
    )?;
    assert_eq!(over(m.as_ref()), "draw: stalemate");
    Ok(())
}

#[test]
fn bare_kings_are_a_dead_draw() -> Result<(), String> {
    let m = start(
        "balbo",
        Some("****k2****/***5***/**7**/*9*/11/11/*9*/**7**/***5***/****K2**** w - - 0 1"),
    )?;
    assert_eq!(over(m.as_ref()), "draw: insufficient material");
    Ok(())
}

#[test]
fn en_passant_after_a_double_step() -> Result<(), String> {
    let mut m = start("balbo", None)?;
    let san = play(&mut m, &["e5", "c6", "e6", "d6", "exd7"])?;
    assert_eq!(san, ["e5", "c6", "e6", "d6", "exd7"]);
    Ok(())
}

#[test]
fn pgn_round_trip_keeps_the_variant_tag_and_moves() -> Result<(), String> {
    let rec = record("balbo", &["c4", "Nd7", "c5", "Ne5", "i4", "Nxf3"])?;
    let (text, back) = round_trip(&PGN, &rec)?;
    assert!(text.contains("[Variant \"Balbo\"]"), "{text}");
    assert!(text.contains("3. i4 Nxf3# 0-1"), "{text}");
    assert_eq!(back.header.game, "balbo");
    assert_eq!(commands(&back), commands(&rec));
    Ok(())
}

#[test]
fn uci_round_trip_and_ten_rank_squares() -> Result<(), String> {
    let rec = record("balbo", &["e2d4", "e9d7", "d4e6", "f10e9"])?;
    assert_eq!(commands(&rec), ["Nd4", "Nd7", "Ne6", "Be9"]);
    let (text, back) = round_trip(&UCI, &rec)?;
    assert!(text.starts_with("setoption name UCI_Variant value balbo\n"), "{text}");
    assert!(text.contains("e2d4 e9d7 d4e6 f10e9"), "{text}");
    assert_eq!(commands(&back), commands(&rec));
    Ok(())
}

#[test]
fn moves_off_the_board_are_refused() -> Result<(), String> {
    let mut m = start("balbo", None)?;
    for bad in ["Kd1", "e1d1", "Nc1c2", "a4"] {
        assert!(play(&mut m, &[bad]).is_err(), "{bad}");
    }
    Ok(())
}

#[test]
fn a_pgn_with_an_unknown_cell_names_the_ply() {
    let text = "[Variant \"Balbo\"]\n\n1. c4 Nd7 2. a4 *\n";
    let drafts = PGN.read(text);
    let outcome = drafts.into_iter().next().map(|d| {
        d.map_err(|e| e.to_string())
            .and_then(|d| kifu_core::format::build(crate::registry(), &d, None).map_err(|e| e.to_string()))
    });
    let err = match outcome {
        Some(Err(e)) => e,
        other => format!("{other:?}"),
    };
    assert!(err.contains("a4"), "{err}");
}

use kifu_core::format::Format;
