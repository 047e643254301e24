//! Tests of the writer, of reading its output back, and of the `Variant` names.

use super::*;

fn mv(san: &str) -> OutMove {
    OutMove {
        san: san.to_string(),
        ..OutMove::default()
    }
}

fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
}

fn game(moves: Vec<OutMove>) -> OutGame {
    OutGame {
        tags: Vec::new(),
        fullmove: 1,
        black_first: false,
        moves,
        result: GameResult::Unknown,
        preamble: None,
    }
}

fn write(g: &OutGame) -> String {
    write_game(g).unwrap_or_else(|e| panic!("{e}"))
}

fn read_one(text: &str) -> PgnGame {
    let mut all = read_games(text);
    assert_eq!(all.len(), 1);
    all.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn seven_tag_roster_defaults_and_order() {
    let mut g = game(vec![mv("e4")]);
    g.tags = tags(&[("White", "Ann"), ("ECO", "C20"), ("Annotator", "me"), ("Result", "1-0")]);
    g.result = GameResult::Draw;
    let text = write(&g);
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n\
                    [Black \"?\"]\n[Result \"1/2-1/2\"]\n[Annotator \"me\"]\n[ECO \"C20\"]\n\n1. e4 1/2-1/2\n\n";
    assert_eq!(text, expected);
}

#[test]
fn fen_brings_setup_and_black_starts_with_dots() {
    let mut g = game(vec![mv("Qd7"), mv("O-O"), mv("Rd8")]);
    g.tags = tags(&[("FEN", "8/8/8/8/8/8/8/K6k b - - 0 12"), ("Variant", "Standard")]);
    g.fullmove = 12;
    g.black_first = true;
    let text = write(&g);
    assert!(text.contains("[Variant \"Standard\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k b - - 0 12\"]\n"));
    assert!(text.ends_with("\n12... Qd7 13. O-O Rd8 *\n\n"), "{text}");
}

#[test]
fn tag_values_are_escaped() {
    let mut g = game(vec![]);
    g.tags = tags(&[("Event", "a \"b\" \\ c")]);
    let text = write(&g);
    assert!(text.starts_with("[Event \"a \\\"b\\\" \\\\ c\"]\n"));
    assert_eq!(read_one(&text).tag("Event"), Some("a \"b\" \\ c"));
}

#[test]
fn bad_input_is_refused() {
    let mut g = game(vec![]);
    g.tags = tags(&[("Bad Name", "x")]);
    assert!(write_game(&g).is_err());
    g.tags = tags(&[("-x", "x")]);
    assert!(write_game(&g).is_err());
    g.tags = tags(&[("Time-Control", "5+3")]);
    assert!(write_game(&g).is_ok());
    g.tags = tags(&[("Event", "a"), ("Event", "b")]);
    assert!(write_game(&g).unwrap_err().reason.contains("twice"));
    g.tags = tags(&[("Event", "two\nlines")]);
    assert!(write_game(&g).unwrap_err().reason.contains("line break"));
    let g = game(vec![mv("e4"), mv("e5 Nf3")]);
    assert_eq!(write_game(&g).unwrap_err().ply, Some(2));
    let g = game(vec![mv("Zz")]);
    assert!(write_game(&g).unwrap_err().reason.contains("'Zz'"));
}

#[test]
fn long_games_wrap_under_eighty_columns() {
    let sans = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let moves: Vec<OutMove> = (0..200)
        .map(|i| OutMove {
            san: sans[i % 4].to_string(),
            nags: if i % 7 == 0 { vec![1, 14] } else { vec![] },
            comment: (i % 11 == 0).then(|| "a fairly long comment that goes on and on to force wrapping".to_string()),
            annotations: None,
        })
        .collect();
    let text = write(&game(moves));
    assert!(text.lines().all(|l| l.chars().count() < 80), "{text}");
    assert!(text.lines().count() > 20);
}

#[test]
fn comment_with_closing_brace_becomes_semicolon_lines() {
    let mut first = mv("e4");
    first.comment = Some(format!("has a }} inside {}", "word ".repeat(30)));
    let g = game(vec![first, mv("e5")]);
    let text = write(&g);
    assert!(text.lines().all(|l| l.chars().count() < 80), "{text}");
    assert!(text.contains("1. e4 ; has a } inside"));
    let back = read_one(&text);
    let comments = &back.main.moves[0].comments_after;
    assert!(comments.len() > 1);
    assert_eq!(
        comments.join(" "),
        g.moves[0].comment.as_deref().unwrap_or_default().trim()
    );
    assert_eq!(back.main.moves[1].raw, "e5");
    assert!(text.contains("1... e5"));
}

#[test]
fn comment_words_never_open_a_line_with_bracket_or_percent() {
    let filler = "x".repeat(70);
    let mut first = mv("e4");
    first.comment = Some(format!("{filler} [Event \"fake\"] {filler}xxxxx %escape"));
    let text = write(&game(vec![first]));
    assert!(
        text.lines().skip(8).all(|l| !l.starts_with('[') && !l.starts_with('%')),
        "{text}"
    );
    assert!(text.contains("\n [Event") && text.contains("\n %escape}"), "{text}");
    let back = read_one(&text);
    assert_eq!(back.main.moves[0].comments_after, [first_comment(&text)]);
}

fn first_comment(text: &str) -> String {
    let start = text.find('{').map_or(0, |i| i + 1);
    let end = text.find('}').unwrap_or(text.len());
    text[start..end].split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn round_trip_gives_the_same_tags_and_tokens() {
    let sans = [
        "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3", "Be6", "f3", "Nbd7",
        "Qd2", "b5", "O-O-O", "Be7", "g4", "O-O", "g5", "Nh5", "Nd5", "Bxd5", "exd5", "f5", "gxf6", "Nhxf6", "h4",
        "a5", "h5", "a4", "h6", "axb3", "hxg7", "bxa2", "gxf8=Q+", "Kxf8", "b4", "a1=N", "Qh6+", "Ke8", "Qh8#",
    ];
    let moves: Vec<OutMove> = sans
        .iter()
        .enumerate()
        .map(|(i, san)| OutMove {
            san: san.to_string(),
            nags: if i % 5 == 0 { vec![(i % 20) as u16] } else { vec![] },
            comment: (i % 6 == 3).then(|| format!("note {i}: [%clk 0:0{}:00] a (b) ; c", i % 10)),
            annotations: None,
        })
        .collect();
    let g = OutGame {
        tags: tags(&[
            ("Event", "Club \"open\""),
            ("Site", "C:\\chess"),
            ("Date", "2024.01.02"),
            ("White", "W"),
            ("Black", "B"),
            ("Variant", "Standard"),
            ("TimeControl", "600+5"),
        ]),
        fullmove: 1,
        black_first: false,
        moves: moves.clone(),
        result: GameResult::WhiteWins,
        preamble: None,
    };
    let text = write(&g);
    let two = format!("{text}{text}");
    let all = read_games(&two);
    assert_eq!(all.len(), 2);
    for back in all {
        let back = back.unwrap_or_else(|e| panic!("{e}"));
        assert!(back.notes.is_empty());
        for (name, value) in &g.tags {
            assert_eq!(back.tag(name), Some(value.as_str()), "{name}");
        }
        assert_eq!(back.tag("Result"), Some("1-0"));
        assert_eq!(back.tags.len(), 9);
        assert_eq!(back.result, Some(GameResult::WhiteWins));
        assert_eq!(back.main.moves.len(), moves.len());
        for (read, written) in back.main.moves.iter().zip(&moves) {
            assert_eq!(read.raw, written.san);
            assert_eq!(Ok(read.token), parse_move(&written.san).map(|p| p.token));
            assert_eq!(read.nags, written.nags);
            assert_eq!(read.comments_after, written.comment.iter().cloned().collect::<Vec<_>>());
            assert!(read.variations.is_empty() && read.comments_before.is_empty());
        }
    }
}

#[test]
fn variant_tag_spellings() {
    let cases = [
        ("Standard", "chess"),
        ("normal", "chess"),
        ("From Position", "chess"),
        ("Chess960", "chess960"),
        ("Fischerandom", "chess960"),
        ("fischer random", "chess960"),
        ("Chess 960", "chess960"),
        ("freestyle", "chess960"),
        ("Crazyhouse", "crazyhouse"),
        ("ZH", "crazyhouse"),
        ("Atomic", "atomic"),
        ("Antichess", "antichess"),
        ("losing", "antichess"),
        ("Giveaway", "antichess"),
        ("suicide", "antichess"),
        ("Horde", "horde"),
        ("King of the Hill", "kingofthehill"),
        ("kingOfTheHill", "kingofthehill"),
        ("KOTH", "kingofthehill"),
        ("Three-check", "threecheck"),
        ("3check", "threecheck"),
        ("three_check", "threecheck"),
        ("Racing Kings", "racingkings"),
        ("racingKings", "racingkings"),
    ];
    for (tag, game) in cases {
        assert_eq!(variant_game(tag), Some(game), "{tag}");
    }
    assert_eq!(variant_game("shogi"), None);
    assert_eq!(variant_game("losers"), None);
    for game in [
        "chess",
        "chess960",
        "crazyhouse",
        "atomic",
        "antichess",
        "horde",
        "kingofthehill",
    ] {
        let name = lichess_variant_name(game).unwrap_or_default();
        assert_eq!(variant_game(name), Some(game));
    }
    assert_eq!(lichess_variant_name("threecheck"), Some("Three-check"));
    assert_eq!(lichess_variant_name("racingkings"), Some("Racing Kings"));
    assert_eq!(lichess_variant_name("renju"), None);
}
