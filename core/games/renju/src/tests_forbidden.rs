//! Forbidden points: hand-built cases for each definition, and every point of the positions
//! in fixtures/renju/oracle.txt checked against the `renju` PyPI package's verdicts.

use super::board::{Colour, Point};
use super::forbidden::{forbidden_points, judge, Foul, Verdict};
use super::position::Position;
use super::ruleset::RuleSet;

fn pos(text: &str) -> Position {
    Position::parse(text, 15).unwrap_or_else(|e| panic!("{e}"))
}

fn black_at(text: &str, point: &str) -> Verdict {
    let p = Point::parse(point, 15).unwrap_or_else(|e| panic!("{e}"));
    judge(&pos(text).board, p, Colour::Black, &RuleSet::RENJU.black)
}

#[test]
fn fives_overlines_and_fours() {
    assert_eq!(black_at("b:d8,e8,f8,g8", "h8"), Verdict::Five);
    assert_eq!(black_at("b:e8,f8,g8,i8,j8", "h8"), Verdict::Foul(Foul::Overline));
    // A five wins even where the same stone also makes an overline and two fours.
    assert_eq!(
        black_at("b:d8,e8,f8,g8,h2,h3,h4,h5,h6,h9,h10 w:h11", "h8"),
        Verdict::Five
    );
    // Fours on two lines, open or not.
    assert_eq!(
        black_at("b:e8,f8,g8,h5,h6,h7 w:d8,h4", "h8"),
        Verdict::Foul(Foul::DoubleFour)
    );
    // Two fours on one line: X.XXX.X.
    assert_eq!(black_at("b:c8,e8,g8,i8", "f8"), Verdict::Foul(Foul::DoubleFour));
    // XX.XX.XX with the new stone in the middle pair: two fours on one line.
    assert_eq!(black_at("b:a8,b8,d8,g8,h8", "e8"), Verdict::Foul(Foul::DoubleFour));
    // A straight four is one four: with a three across it is a 4-3, which is allowed.
    assert_eq!(black_at("b:e8,f8,g8,h6,h7", "h8"), Verdict::Plain);
    // White is never barred under Renju; the overline does not win for black with the
    // standard rules but stays playable.
    let board = pos("w:e8,f8,g8,i8,j8").board;
    let p = Point::new(7, 7);
    assert_eq!(judge(&board, p, Colour::White, &RuleSet::RENJU.white), Verdict::Five);
    let standard = RuleSet::named("standard").unwrap_or(RuleSet::RENJU);
    assert_eq!(judge(&board, p, Colour::White, &standard.white), Verdict::Plain);
}

#[test]
fn threes_are_free_only_when_a_straight_four_can_follow() {
    // Two open threes.
    assert_eq!(black_at("b:f8,g8,h6,h7", "h8"), Verdict::Foul(Foul::DoubleThree));
    // One end closed: f8 g8 h8 can still become straight by i8.
    assert_eq!(black_at("b:f8,g8,h6,h7 w:d8", "h8"), Verdict::Foul(Foul::DoubleThree));
    // Both ways closed: the row is no three.
    assert_eq!(black_at("b:f8,g8,h6,h7 w:d8,j8", "h8"), Verdict::Plain);
    // Split three X.X with the new stone: f8 . h8 i8 (g8 makes the straight four).
    assert_eq!(black_at("b:f8,i8,h6,h7", "h8"), Verdict::Foul(Foul::DoubleThree));
    // With j8 white, e8 is the only way to a four, and its end d8 would make an overline
    // (b8 c8 d8 e8 f8 g8 h8), so that four is not straight: no three.
    assert_eq!(black_at("b:f8,g8,h6,h7 w:j8", "h8"), Verdict::Foul(Foul::DoubleThree));
    assert_eq!(black_at("b:b8,c8,f8,g8,h6,h7 w:j8", "h8"), Verdict::Plain);
    // The board's edge blocks like a stone: a8 b8 c8 cannot become a straight four, b8 c8 d8 can.
    assert_eq!(black_at("b:a8,b8,c6,c7", "c8"), Verdict::Plain);
    assert_eq!(black_at("b:b8,c8,d6,d7", "d8"), Verdict::Foul(Foul::DoubleThree));
    // A four with two threes (4-3-3) holds a 3-3; a four with one three (4-3) is allowed.
    assert_eq!(
        black_at("b:e8,f8,g8,h6,h7,f6,g7", "h8"),
        Verdict::Foul(Foul::DoubleThree)
    );
    assert_eq!(black_at("b:e8,f8,g8,h6,h7 w:d8", "h8"), Verdict::Plain);
}

#[test]
fn a_three_whose_only_straight_four_point_is_forbidden_is_not_free() {
    // f8 g8 h8 with d8 white can only become straight by i8, and i8 would be an overline
    // on the i file (i5..i10), so the row is no free three and h8 is playable.
    assert_eq!(black_at("b:f8,g8,h6,h7,i5,i6,i7,i9,i10 w:d8", "h8"), Verdict::Plain);
    // With fewer stones on the i file (i8 is then a plain four-three) h8 is a double three.
    assert_eq!(
        black_at("b:f8,g8,h6,h7,i9,i10 w:d8", "h8"),
        Verdict::Foul(Foul::DoubleThree)
    );
}

#[test]
fn a_straight_four_point_that_also_makes_five_does_not_make_a_three() {
    // f8 g8 h8 (d8 white) can only become straight by i8, and i8 also completes the five
    // e4 f5 g6 h7 i8 (and an overline on the i file). RIF: a three is a row to which one
    // stone adds a straight four "without at the same time a five in a row being made", so
    // the row is no three and h8 (with the open h6 h7 h8) is one three only: allowed. An
    // engine that only asks "is i8 forbidden?" would say no (a five is never forbidden) and
    // call h8 a 3-3.
    assert_eq!(
        black_at("b:e4,f5,g6,f8,g8,h6,h7,i5,i6,i7,i9,i10 w:d8", "h8"),
        Verdict::Plain
    );
    // i8 as a five and a 4-4 (the row f8..i8 and the file i5..i8): the same.
    assert_eq!(black_at("b:e4,f5,g6,f8,g8,h6,h7,i5,i6,i7 w:d8", "h8"), Verdict::Plain);
    // i8 as a 4-4 without a five: forbidden, so the row is no free three either.
    assert_eq!(black_at("b:f8,g8,h6,h7,i5,i6,i7 w:d8", "h8"), Verdict::Plain);
    // The same where i8 makes a plain five on the i file (i5..i9, i10 white) and nothing else.
    assert_eq!(black_at("b:f8,g8,h6,h7,i5,i6,i7,i9 w:d8,i10", "h8"), Verdict::Plain);
    // And i8 itself is no foul there: it wins.
    assert_eq!(black_at("b:f8,g8,h6,h7,i5,i6,i7,i9 w:d8,i10", "i8"), Verdict::Five);
}

#[test]
fn omok_bars_white_too_and_freestyle_bars_nothing() {
    let omok = RuleSet::named("omok").unwrap_or(RuleSet::RENJU);
    let board = pos("w:f8,g8,h6,h7").board;
    let found = forbidden_points(&board, Colour::White, &omok.white);
    assert!(found.contains(&(Point::new(7, 7), Foul::DoubleThree)), "{found:?}");
    let free = RuleSet::named("freestyle").unwrap_or(RuleSet::RENJU);
    assert!(forbidden_points(&board, Colour::White, &free.white).is_empty());
}

/// Reads an oracle fixture: each position with the oracle's forbidden points for black.
fn oracle(text: &str, size: u8) -> Vec<(Position, Vec<(Point, Foul)>)> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
        let (setup, expected) = line.split_once(" | ").unwrap_or((line, ""));
        let position = Position::parse(setup, size).unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
        let mut want = Vec::new();
        for item in expected.split_whitespace() {
            let (point, kind) = item.split_once('=').unwrap_or((item, ""));
            let p = Point::parse(point, size).unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
            let foul = match kind {
                "double-three" => Foul::DoubleThree,
                "double-four" => Foul::DoubleFour,
                "overline" => Foul::Overline,
                _ => panic!("line {}: unknown kind {kind}", index + 1),
            };
            want.push((p, foul));
        }
        out.push((position, want));
    }
    out
}

/// Every empty point of every oracle position must get the oracle's verdict exactly: the
/// forbidden ones with the same kind, all the others none.
#[test]
fn every_point_matches_the_oracle() {
    for (text, size, least) in [
        (include_str!("../../../../fixtures/renju/oracle.txt"), 15, 400),
        (include_str!("../../../../fixtures/renju/oracle19.txt"), 19, 60),
    ] {
        let cases = oracle(text, size);
        assert!(cases.len() >= least, "{} positions", cases.len());
        let (mut points, mut fouls) = (0, 0);
        for (line, (position, want)) in cases.iter().enumerate() {
            let got = forbidden_points(&position.board, Colour::Black, &RuleSet::RENJU.black);
            assert_eq!(&got, want, "{size}x{size} position {}: {}", line + 1, position.text());
            points += position
                .board
                .points()
                .filter(|p| position.board.get(*p).is_none())
                .count();
            fouls += want.len();
        }
        println!(
            "{size}x{size}: {} positions, {points} empty points, {fouls} forbidden",
            cases.len()
        );
    }
}

/// The omok rule bars white as Renju bars black: with the colours swapped, white's forbidden
/// points are the oracle's black ones.
#[test]
fn omok_white_matches_the_oracle_with_colours_swapped() {
    let omok = RuleSet::named("omok").unwrap_or(RuleSet::RENJU);
    for (position, want) in oracle(include_str!("../../../../fixtures/renju/oracle.txt"), 15) {
        let mut swapped = position.board.clone();
        for p in position.board.points() {
            swapped.set(p, position.board.get(p).map(Colour::other));
        }
        assert_eq!(
            forbidden_points(&swapped, Colour::White, &omok.white),
            want,
            "{}",
            position.text()
        );
    }
}
