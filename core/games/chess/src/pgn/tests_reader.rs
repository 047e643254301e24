//! Tests of the game reader on small texts, one case each.

use super::*;

fn games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    read_games(text)
}

fn one(text: &str) -> PgnGame {
    let mut all = games(text);
    assert_eq!(all.len(), 1, "{all:?}");
    match all.remove(0) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn error(text: &str) -> PgnError {
    let mut all = games(text);
    assert_eq!(all.len(), 1, "{all:?}");
    match all.remove(0) {
        Ok(g) => panic!("read as {g:?}"),
        Err(e) => e,
    }
}

fn raws(line: &Line) -> Vec<&str> {
    line.moves.iter().map(|m| m.raw.as_str()).collect()
}

#[test]
fn plain_game_with_tags() {
    let g = one("[Event \"Test\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n");
    assert_eq!(g.number, 1);
    assert_eq!(g.line, 1);
    assert_eq!(
        g.tags,
        vec![("Event".into(), "Test".into()), ("White".into(), "A".into())]
    );
    assert_eq!(raws(&g.main), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(g.main.moves.iter().map(|m| m.ply).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(
        g.main.moves[2].number,
        Some(MoveNumber {
            number: 2,
            black: false
        })
    );
    assert_eq!(g.main.moves[3].number, None);
    assert_eq!(g.main.moves[3].line, 4);
    assert_eq!(g.result, Some(GameResult::WhiteWins));
    assert!(g.notes.is_empty());
}

#[test]
fn crlf_and_lone_cr_line_ends() {
    let g = one("[Event \"x\"]\r\n\r\n1. e4\r\ne5 *\r\n");
    assert_eq!(raws(&g.main), ["e4", "e5"]);
    assert_eq!(g.main.moves[1].line, 4);
    let g = one("[Event \"x\"]\r\r1. e4\re5 *\r");
    assert_eq!(g.main.moves[1].line, 4);
}

#[test]
fn tags_and_moves_on_one_line() {
    let g = one("[Event \"x\"] [Site \"y\"] 1. e4 e5 1/2-1/2");
    assert_eq!(g.tags.len(), 2);
    assert_eq!(raws(&g.main), ["e4", "e5"]);
    assert_eq!(g.result, Some(GameResult::Draw));
}

#[test]
fn games_without_blank_lines_between() {
    let all = games("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 0-1\n[Event \"c\"]\n1. c4\n[Event \"d\"]\n1. f4 *");
    let events: Vec<_> = all
        .iter()
        .map(|g| g.as_ref().map(|g| g.tag("Event").unwrap_or("")).ok())
        .collect();
    assert_eq!(events, [Some("a"), Some("b"), Some("c"), Some("d")]);
    let numbers: Vec<_> = all.iter().flatten().map(|g| (g.number, g.line)).collect();
    assert_eq!(numbers, [(1, 1), (2, 3), (3, 5), (4, 7)]);
    // Game c has no result: the tag after its movetext ends it.
    assert_eq!(all[2].as_ref().map(|g| g.result).ok(), Some(None));
}

#[test]
fn games_without_tags_split_at_results() {
    let all = games("1. e4 e5 1-0 1. d4 d5 0-1\n1. c4 *");
    assert_eq!(all.len(), 3);
    assert_eq!(
        all.iter()
            .flatten()
            .map(|g| raws(&g.main).join(" "))
            .collect::<Vec<_>>(),
        ["e4 e5", "d4 d5", "c4"]
    );
}

#[test]
fn move_numbers_missing_glued_and_black() {
    let g = one("e4 e5 Nf3 *");
    assert_eq!(raws(&g.main), ["e4", "e5", "Nf3"]);
    let g = one("1.e4 1...e5 2.Nf3 2. ... Nc6 3...a6 3\u{2026}b6 *");
    assert_eq!(raws(&g.main), ["e4", "e5", "Nf3", "Nc6", "a6", "b6"]);
    let numbers: Vec<_> = g.main.moves.iter().map(|m| m.number).collect();
    let n = |number, black| Some(MoveNumber { number, black });
    assert_eq!(
        numbers,
        [n(1, false), n(1, true), n(2, false), n(2, true), n(3, true), n(3, true)]
    );
    let g = one("[SetUp \"1\"]\n12... Qd7 13. O-O *");
    assert_eq!(g.main.moves[0].number, n(12, true));
    assert_eq!(g.main.moves[0].ply, 1);
}

#[test]
fn brace_comments_multi_line_and_placement() {
    let g = one("{opening words}\n1. e4 {best\n   by test} e5 {a reply} 2. Nf3 {end} *");
    let m = &g.main.moves;
    assert_eq!(m[0].comments_before, ["opening words"]);
    assert_eq!(m[0].comments_after, ["best by test"]);
    assert_eq!(m[1].comments_after, ["a reply"]);
    assert_eq!(m[2].comments_after, ["end"]);
    assert_eq!(m[2].line, 3);
}

#[test]
fn comment_after_result_stays_with_its_game() {
    let all = games("1. e4 * {after}\n[Event \"b\"]\n1. d4 *");
    assert_eq!(all.len(), 2);
    let first = all[0]
        .as_ref()
        .map(|g| g.main.moves[0].comments_after.clone())
        .unwrap_or_default();
    assert_eq!(first, ["after"]);
}

#[test]
fn semicolon_comments_and_escape_lines() {
    let g = one("% a whole escaped line 1. d4\n1. e4 ; rest of line } ( 1-0\ne5 *\n");
    assert_eq!(raws(&g.main), ["e4", "e5"]);
    assert_eq!(g.main.moves[0].comments_after, ["rest of line } ( 1-0"]);
    // A % that does not open its line is not an escape.
    let e = error("1. e4 %x *");
    assert_eq!(e.token.as_deref(), Some("%x"));
}

#[test]
fn nested_variations_form_a_tree() {
    let g = one("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *");
    let e5 = &g.main.moves[1];
    assert_eq!(e5.variations.len(), 2);
    let sicilian = &e5.variations[0];
    assert_eq!(raws(sicilian), ["c5", "Nf3", "d6"]);
    assert_eq!(sicilian.moves.iter().map(|m| m.ply).collect::<Vec<_>>(), [2, 3, 4]);
    assert_eq!(raws(&sicilian.moves[1].variations[0]), ["c3", "d5"]);
    assert_eq!(sicilian.moves[1].variations[0].moves[0].ply, 3);
    assert_eq!(raws(&e5.variations[1]), ["e6"]);
    assert_eq!(g.main.moves[2].ply, 3);
}

#[test]
fn comment_only_variation_keeps_its_comment() {
    let g = one("1. e4 ( {nothing else} ) e5 *");
    assert_eq!(g.main.moves[0].variations[0].comments, ["nothing else"]);
    assert!(g.main.moves[0].variations[0].moves.is_empty());
}

#[test]
fn nags_and_glyphs() {
    let g = one("1. e4 $1 e5!? $14 2. Nf3 ! Nc6 +- *");
    let nags: Vec<_> = g.main.moves.iter().map(|m| m.nags.clone()).collect();
    assert_eq!(nags, [vec![1], vec![5, 14], vec![1], vec![18]]);
    assert_eq!(g.main.moves[1].suffix, "!?");
    let e = error("$1 e4 *");
    assert_eq!((e.token.as_deref(), e.ply), (Some("$1"), Some(1)));
    assert!(error("1. e4 $x *").reason.contains("NAG"));
}

#[test]
fn check_marks_and_en_passant_kept_raw() {
    let g = one("1. e4+ d5# 2. exd5 e.p. Qxd5++ *");
    let suffixes: Vec<_> = g.main.moves.iter().map(|m| m.suffix.as_str()).collect();
    assert_eq!(suffixes, ["+", "#", "e.p.", "++"]);
    assert_eq!(g.main.moves[0].raw, "e4+");
}

#[test]
fn tag_escapes_are_undone() {
    let g = one("[Event \"Say \\\"hi\\\" \\\\ bye\"]\n[Site \"a]b[c\"]\n*");
    assert_eq!(g.tag("Event"), Some("Say \"hi\" \\ bye"));
    assert_eq!(g.tag("Site"), Some("a]b[c"));
    assert!(g.notes.is_empty());
}

#[test]
fn unescaped_quote_in_tag_value_is_kept_with_a_note() {
    let g = one("[Event \"Ch \"URS\" 1961\"]\n*");
    assert_eq!(g.tag("Event"), Some("Ch \"URS\" 1961"));
    assert_eq!(g.notes.len(), 1);
    assert_eq!(g.notes[0].line, 1);
}

#[test]
fn every_result_spelling() {
    let results: Vec<_> = ["1-0", "0-1", "1/2-1/2", "\u{bd}-\u{bd}", "*"]
        .iter()
        .map(|r| one(&format!("1. e4 {r}")).result)
        .collect();
    use GameResult::*;
    assert_eq!(
        results,
        [Some(WhiteWins), Some(BlackWins), Some(Draw), Some(Draw), Some(Unknown)]
    );
    assert_eq!(one("[Event \"x\"]\n1. e4 e5").result, None);
    assert!(one("[Event \"x\"]\n*").main.moves.is_empty());
}

#[test]
fn unterminated_comment_at_eof() {
    let all = games("1. e4 *\n\n1. d4 {never closed\nd5 2. c4 *\n");
    assert_eq!(all.len(), 2);
    assert!(all[0].is_ok());
    let e = all[1].clone().err().unwrap_or_else(|| panic!("no error"));
    assert_eq!((e.game, e.line, e.token.as_deref()), (2, 3, Some("{")));
    assert!(e.reason.contains("never closed"));
}

#[test]
fn unterminated_comment_stops_at_the_next_tag_line() {
    let all = games("[Event \"a\"]\n1. e4 {oops\n\n[Event \"b\"]\n1. d4 {fine} *\n");
    assert_eq!(all.len(), 2);
    let e = all[0].clone().err().unwrap_or_else(|| panic!("no error"));
    assert_eq!((e.game, e.line), (1, 2));
    assert!(e.reason.contains("line 4"), "{}", e.reason);
    let b = all[1].clone().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.tag("Event"), Some("b"));
    assert_eq!(b.main.moves[0].comments_after, ["fine"]);
}

#[test]
fn unterminated_variation() {
    let all = games("[Event \"a\"]\n1. e4 (1. d4 d5\n2. c4\n\n[Event \"b\"]\n1. c4 *");
    assert_eq!(all.len(), 2);
    let e = all[0].clone().err().unwrap_or_else(|| panic!("no error"));
    assert_eq!((e.game, e.line, e.token.as_deref()), (1, 2, Some("(")));
    assert!(all[1].is_ok());
    let e = error("1. e4 (1. d4 1-0");
    assert!(e.reason.contains("before the result"));
    assert_eq!(error("1. e4 e5 ) *").token.as_deref(), Some(")"));
    assert_eq!(error("( 1. e4 ) *").token.as_deref(), Some("("));
}

#[test]
fn unterminated_tag() {
    let all = games("[Event \"a\n[Site \"s\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *");
    assert_eq!(all.len(), 2);
    let e = all[0].clone().err().unwrap_or_else(|| panic!("no error"));
    assert_eq!((e.game, e.line, e.ply), (1, 1, None));
    assert_eq!(e.token.as_deref(), Some("[Event \"a"));
    assert!(all[1].is_ok());
    let e = error("[Event \"a\"]\n[Site \"b\"\n");
    assert_eq!(e.line, 2);
    assert!(error("[ \"x\"]\n*").reason.contains("name"));
    assert!(error("[Event x]\n*").reason.contains("quotes"));
}

#[test]
fn garbage_token_names_token_line_and_ply() {
    let all = games("[Event \"a\"]\n1. e4 e5\n2. Nf3 Nc6 3. Bb5 zz9 4. Ba4 *\n[Event \"b\"]\n1. d4 *");
    assert_eq!(all.len(), 2);
    let e = all[0].clone().err().unwrap_or_else(|| panic!("no error"));
    assert_eq!(
        (e.game, e.line, e.ply, e.token.as_deref()),
        (1, 3, Some(6), Some("zz9"))
    );
    assert_eq!(e.to_string(), format!("game 1, line 3, ply 6: 'zz9': {}", e.reason));
    assert!(all[1].is_ok());
    assert_eq!(error("1. e4 } *").token.as_deref(), Some("}"));
}

#[test]
fn one_bad_game_never_stops_the_others() {
    let text = "1. e4 ?? ! qq *\n1. e4 *\n1. Nz9 *\n1. d4 *\n";
    let all = games(text);
    let ok: Vec<bool> = all.iter().map(Result::is_ok).collect();
    assert_eq!(ok, [false, true, false, true]);
    let numbers: Vec<usize> = all
        .iter()
        .map(|g| g.as_ref().map_or_else(|e| e.game, |g| g.number))
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

#[test]
fn repeated_tag_before_movetext_starts_a_game() {
    let all = games("[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n1. e4 *");
    assert_eq!(all.len(), 2);
    let e = all[0].clone().err().unwrap_or_else(|| panic!("no error"));
    assert!(e.reason.contains("no moves"));
    assert_eq!(all[1].as_ref().map(|g| g.line).ok(), Some(4));
}

#[test]
fn empty_and_comment_only_texts() {
    assert!(games("").is_empty());
    assert!(games("\n\n  \r\n").is_empty());
    assert!(error("{just words}").reason.contains("outside"));
}

#[test]
fn glued_promotion_in_parentheses_is_no_variation() {
    let g = one("1. e8(Q) (1. e8=N) *");
    assert_eq!(raws(&g.main), ["e8(Q)"]);
    assert_eq!(g.main.moves[0].variations.len(), 1);
}

#[test]
fn huge_comment_reads_whole() {
    let words = "lorem ipsum dolor sit amet ".repeat(200_000);
    let text = format!("[Event \"big\"]\n1. e4 {{{words}}} e5 *\n1. d4 *");
    let all = games(&text);
    assert_eq!(all.len(), 2);
    let g = all[0].clone().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.main.moves[0].comments_after[0].len(), words.len() - 1);
    assert!(text.len() > 5_000_000);
}

#[test]
fn twenty_thousand_games() {
    let game = "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6) 3. Bb5 a6 1-0\n\n";
    let text = game.repeat(20_000);
    let all = games(&text);
    assert_eq!(all.len(), 20_000);
    assert!(all.iter().all(|g| g.as_ref().is_ok_and(|g| g.main.moves.len() == 6)));
    assert_eq!(
        all.last().map(|g| g.as_ref().map(|g| g.line).ok()),
        Some(Some(19_999 * 5 + 1))
    );
}

#[test]
fn pgn_error_becomes_a_format_error() {
    let e = error("1. e4 zz *");
    let f: kifu_core::format::FormatError = e.into();
    assert_eq!((f.game, f.line, f.ply), (Some(1), Some(1), Some(2)));
    assert!(f.reason.starts_with("'zz': "));
}

#[test]
fn bracket_in_movetext_is_garbage_not_a_new_game() {
    let all = games("[Event \"a\"]\n1. e4 [%clk 0:01:00] e5 *\n[Event \"b\"]\n1. d4 *");
    assert_eq!(all.len(), 2);
    let e = all[0].clone().err().unwrap_or_else(|| panic!("no error"));
    assert_eq!((e.line, e.ply, e.token.as_deref()), (2, Some(2), Some("[%clk")));
    assert!(all[1].is_ok());
}

#[test]
fn long_garbage_tokens_are_shortened() {
    let word = "z".repeat(5000);
    let e = error(&format!("1. e4 {word} *"));
    assert_eq!(e.token.as_deref(), Some(format!("{}...", "z".repeat(60)).as_str()));
}

#[test]
fn move_numbers_going_back_are_noted() {
    let g = one("1. e4 e5 2. Nf3 Nc6\n\n1. d4 d5 *");
    assert_eq!(g.main.moves.len(), 6);
    assert_eq!(g.notes.len(), 1);
    assert_eq!(g.notes[0].line, 3);
    // Numbers inside variations going back are normal.
    assert!(one("1. e4 e5 2. Nf3 (1... c5 2. c3) Nc6 *").notes.is_empty());
}

#[test]
fn byte_order_mark_is_skipped() {
    let g = one("\u{feff}% escape line\n[Event \"x\"]\n1. e4 *");
    assert_eq!(g.tag("Event"), Some("x"));
}

#[test]
fn variations_nest_at_most_a_hundred_deep() {
    let deep = |n: usize| format!("1. e4 {}{} *", "( e5 ".repeat(n), ")".repeat(n));
    let g = one(&deep(100));
    let mut line = &g.main;
    let mut depth = 0;
    while let Some(inner) = line.moves.first().and_then(|m| m.variations.first()) {
        line = inner;
        depth += 1;
    }
    assert_eq!(depth, 100);
    let e = error(&deep(50_000));
    assert_eq!((e.token.as_deref(), e.ply), (Some("("), Some(2)));
    assert!(e.reason.contains("100"));
}

#[test]
fn latin1_files_read_after_decoding() {
    let (text, encoding) = kifu_core::format::decode_text(b"[White \"Ren\xe9\"]\n1. e4 {tr\xe8s bien} *")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(encoding, kifu_core::format::Encoding::Latin1);
    let g = one(&text);
    assert_eq!(g.tag("White"), Some("Ren\u{e9}"));
    assert_eq!(g.main.moves[0].comments_after, ["tr\u{e8}s bien"]);
}

#[test]
fn tag_names_may_hold_the_standard_symbol_characters() {
    let g = one("[Time-Control \"5+3\"]\n[A_b:c#=+ \"x\"]\n*");
    assert_eq!(g.tag("Time-Control"), Some("5+3"));
    assert_eq!(g.tag("A_b:c#=+"), Some("x"));
    assert!(error("[-x \"y\"]\n*").reason.contains("opens no tag"));
}
