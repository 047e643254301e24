//! Checks exactly what is read from `fixtures/pgn/nasty.pgn`, a hand-written file mixing the
//! nasty cases (BOM, CRLF, escapes, one-line games, figurines, lenient moves, errors).

use super::*;
use kifu_core::format::{decode_text, Encoding};

const NASTY: &[u8] = include_bytes!("../../../../../fixtures/pgn/nasty.pgn");

fn raws(line: &Line) -> Vec<&str> {
    line.moves.iter().map(|m| m.raw.as_str()).collect()
}

fn ok(game: &Result<PgnGame, PgnError>) -> &PgnGame {
    match game {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn err(game: &Result<PgnGame, PgnError>) -> (usize, usize, Option<usize>, Option<&str>) {
    match game {
        Ok(g) => panic!("game {} was read", g.number),
        Err(e) => (e.game, e.line, e.ply, e.token.as_deref()),
    }
}

#[test]
fn nasty_fixture_reads_exactly() {
    let (text, encoding) = decode_text(NASTY).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(encoding, Encoding::Utf8);
    let all = read_games(&text);
    assert_eq!(all.len(), 9);
    let oks: Vec<bool> = all.iter().map(Result::is_ok).collect();
    assert_eq!(oks, [true, true, true, false, true, true, false, true, false]);

    let g = ok(&all[0]);
    assert_eq!((g.number, g.line, g.tags.len()), (1, 4, 7));
    assert_eq!(g.tag("Event"), Some("Crlf \"quoted\" cup"));
    assert_eq!(g.tag("Site"), Some("Back\\slash [town]"));
    assert_eq!(g.main.moves[0].comments_before, ["Game one uses CRLF line ends."]);
    assert_eq!(g.main.moves[2].nags, [1]);
    let philidor = &g.main.moves[3].variations[0];
    assert_eq!(raws(philidor), ["d6", "d4"]);
    assert_eq!(philidor.moves[0].comments_after, ["Philidor"]);
    assert_eq!((philidor.moves[1].line, philidor.moves[1].ply), (13, 5));
    assert_eq!(g.main.moves.len(), 10);
    assert_eq!(g.main.moves[9].line, 14);
    assert_eq!(g.result, Some(GameResult::WhiteWins));

    let g = ok(&all[1]);
    assert_eq!((g.line, g.tags.len()), (16, 2));
    assert_eq!(
        raws(&g.main),
        ["e4", "e5", "\u{2658}f3", "\u{265e}c6", "\u{2657}c4!?", "\u{265d}c5?!"]
    );
    assert_eq!(Ok(g.main.moves[2].token), parse_move("Nf3").map(|p| p.token));
    assert_eq!(g.main.moves[3].number, Some(MoveNumber { number: 2, black: true }));
    assert_eq!(
        (g.main.moves[4].nags.clone(), g.main.moves[5].nags.clone()),
        (vec![5], vec![6])
    );
    assert_eq!(g.result, Some(GameResult::Draw));

    let g = ok(&all[2]);
    assert_eq!((g.line, g.main.moves.len()), (17, 21));
    assert_eq!(g.main.moves[2].comments_after, ["a rest-of-line comment }"]);
    assert_eq!(
        g.main.moves[0].token,
        parse_move("e2e4").map(|p| p.token).unwrap_or(MoveToken::Null)
    );
    assert!(matches!(g.main.moves[4].token, MoveToken::Either { .. }));
    assert!(matches!(g.main.moves[8].token, MoveToken::Either { .. }));
    assert_eq!(g.main.moves[10].token, MoveToken::Castle { long: true });
    assert_eq!(
        (g.main.moves[15].raw.as_str(), g.main.moves[15].nags.clone()),
        ("exd5??", vec![4])
    );
    assert_eq!(g.main.moves[20].suffix, "#");

    assert_eq!(err(&all[3]), (4, 24, Some(4), Some("Nz9")));

    let g = ok(&all[4]);
    assert_eq!((g.line, g.tags.len(), g.main.moves.len()), (26, 0, 4));
    assert_eq!(g.result, Some(GameResult::Unknown));

    let g = ok(&all[5]);
    assert_eq!(g.tag("Event"), Some("Ch \"URS\" final"));
    assert_eq!(g.notes.iter().map(|n| n.line).collect::<Vec<_>>(), [27]);
    assert_eq!(g.main.moves.len(), 13);
    assert_eq!(g.main.moves[4].suffix, "e.p.");
    assert!(matches!(
        g.main.moves[8].token,
        MoveToken::Normal(NormalMove {
            promotion: Some('Q'),
            ..
        })
    ));

    assert_eq!(err(&all[6]), (7, 32, None, Some("(")));

    let g = ok(&all[7]);
    assert_eq!(g.tag("Variant").and_then(variant_game), Some("crazyhouse"));
    assert_eq!(g.main.moves.len(), 19);
    let drop = &g.main.moves[17];
    assert_eq!((drop.raw.as_str(), drop.ply), ("P@e4", 18));
    let line = &drop.variations[0];
    assert_eq!(raws(line), ["N@d4", "B@e5", "O-O"]);
    assert_eq!(line.moves[0].comments_after, ["a long comment over three lines"]);
    let inner = &line.moves[1].variations[0];
    assert_eq!(raws(inner), ["Be2", "Nxe2+"]);
    assert_eq!(inner.moves.iter().map(|m| m.ply).collect::<Vec<_>>(), [19, 20]);
    assert_eq!(raws(&inner.moves[1].variations[0]), ["Bxc3"]);
    assert_eq!(g.main.moves[18].raw, "Nxe4");

    assert_eq!(err(&all[8]), (9, 46, Some(3), Some("{")));
}
