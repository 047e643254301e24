//! Hand-built rounds: the seed's steps 1-7 and each of its scoring cases, views, and refusals.

use super::{enter, refusal, start};
use crate::state::{Phase, State};
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, View};

/// The question master's salt in these tests (a real one is 16 random bytes).
const SALT: &str = "00112233445566778899aabbccddeeff";
/// blake3(SALT bytes || "giraffe"), computed with the Python `blake3` package 1.0.11.
const GIRAFFE: &str = "57245d1090e497958f5c286aafd5c99c7431ca51eba706d4aa3e662a32f3314d";

fn theme(category: &str, word: &str) -> String {
    format!("theme {category}: {word} salt={SALT}")
}

fn reveal(word: &str) -> String {
    format!("reveal {word} salt={SALT}")
}

const LAP: [(&str, &str); 4] = [
    ("p2", "stroke 100,100 200,200"),
    ("p3", "stroke 300,300 400,300"),
    ("p4", "stroke 10,990 990,10"),
    ("p5", "stroke 500,0 500,1000"),
];

/// Five players, p1 the question master, p3 the fake, theme "animal: giraffe", p2 first,
/// both laps drawn: the vote is due.
fn voting() -> State {
    let mut s = start(5);
    for (who, text) in [
        ("p4", "master p1".to_string()),
        ("chance", "fake p3".to_string()),
        ("p1", theme("animal", "giraffe")),
        ("p1", "first p2".to_string()),
    ] {
        enter(&mut s, who, &text).unwrap();
    }
    for _ in 0..2 {
        for (who, text) in LAP {
            enter(&mut s, who, text).unwrap();
        }
    }
    s
}

fn votes(s: &mut State, list: &[(&str, &str)]) {
    for (who, whom) in list {
        enter(s, who, &format!("vote {whom}")).unwrap();
    }
}

#[test]
fn two_laps_of_one_stroke_each_then_the_vote() {
    let s = voting();
    assert_eq!(s.strokes.len(), 8);
    let order: Vec<u8> = s.strokes.iter().map(|k| k.seat).collect();
    assert_eq!(order, vec![1, 2, 3, 4, 1, 2, 3, 4]);
    assert!(matches!(s.phase, Phase::Vote { .. }));
}

#[test]
fn drawing_starts_from_the_artist_the_master_names() {
    let mut s = start(5);
    for (who, text) in [
        ("p1", "master p3".to_string()),
        ("chance", "fake p1".to_string()),
        ("p3", theme("food", "noodle")),
        ("p3", "first p5".to_string()),
    ] {
        enter(&mut s, who, &text).unwrap();
    }
    assert!(refusal(&mut s, "p1", "stroke 1,1 2,2").contains("only the artist drawing (p5)"));
    enter(&mut s, "p5", "stroke 1,1 2,2").unwrap();
    enter(&mut s, "p1", "stroke 1,1 2,2").unwrap();
    enter(&mut s, "p2", "stroke 1,1 2,2").unwrap();
    assert!(
        refusal(&mut s, "p3", "stroke 1,1 2,2").contains("p4"),
        "the master never draws"
    );
}

#[test]
fn a_wrong_suspect_scores_the_fake_and_the_master() {
    let mut s = voting();
    votes(&mut s, &[("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")]);
    assert_eq!(s.scores, vec![0; 5], "scored when the theme is revealed");
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.scores, vec![2, 0, 2, 0, 0]);
    assert!(s.finished[0].summary.contains("suspected someone else"));
    assert_eq!(s.finished[0].suspect, Some(3));
}

#[test]
fn a_caught_fake_who_guesses_right_scores_with_the_master() {
    let mut s = voting();
    votes(&mut s, &[("p2", "p3"), ("p3", "p4"), ("p4", "p3"), ("p5", "p3")]);
    assert_eq!(s.phase, Phase::Guess);
    assert!(refusal(&mut s, "p2", "guess giraffe").contains("only the fake artist (p3)"));
    enter(&mut s, "p3", "guess giraffe").unwrap();
    assert!(refusal(&mut s, "p3", "judge right").contains("only the question master (p1)"));
    enter(&mut s, "p1", "judge right").unwrap();
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.scores, vec![2, 0, 2, 0, 0]);
    assert_eq!(s.finished[0].judged_right, Some(true));
}

#[test]
fn a_caught_fake_who_misses_gives_each_true_artist_a_point() {
    let mut s = voting();
    votes(&mut s, &[("p2", "p3"), ("p3", "p4"), ("p4", "p3"), ("p5", "p3")]);
    enter(&mut s, "p3", "guess zebra").unwrap();
    enter(&mut s, "p1", "judge wrong").unwrap();
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.scores, vec![0, 1, 0, 1, 1]);
    assert_eq!(s.finished[0].guess.as_deref(), Some("zebra"));
}

#[test]
fn a_tied_vote_names_no_suspect_and_the_fake_escapes() {
    let mut s = voting();
    votes(&mut s, &[("p2", "p3"), ("p3", "p2"), ("p4", "p2"), ("p5", "p3")]);
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.finished[0].suspect, None);
    assert_eq!(s.scores, vec![2, 0, 2, 0, 0]);
}

#[test]
fn the_next_master_sits_to_the_left() {
    let mut s = voting();
    votes(&mut s, &[("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")]);
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.master, 1);
    assert_eq!(s.phase, Phase::Fake);
    assert!(s.strokes.is_empty() && s.theme.is_none() && s.fake.is_none());
    assert!(refusal(&mut s, "chance", "fake p2").contains("p2 is the question master"));
}

#[test]
fn five_points_end_the_game() {
    let mut s = voting();
    s.scores = vec![3, 0, 3, 0, 0];
    votes(&mut s, &[("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")]);
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    let Phase::Over { outcome } = &s.phase else {
        panic!("{:?}", s.phase)
    };
    assert_eq!(outcome.winners, vec![0, 2], "both at 5 share the win");
    assert!(refusal(&mut s, "p1", "master p2").contains("the game is over"));
}

#[test]
fn a_vote_from_a_player_not_in_the_game_is_refused() {
    let mut s = voting();
    assert_eq!(refusal(&mut s, "p7", "vote p3"), "p7 is not in this game (p1 to p5)");
    assert_eq!(refusal(&mut s, "p2", "vote p9"), "p9 is not in this game (p1 to p5)");
    assert!(refusal(&mut s, "arbiter", "vote p3").contains("does not vote"));
}

#[test]
fn the_master_does_not_vote_nor_is_voted_for() {
    let mut s = voting();
    assert_eq!(
        refusal(&mut s, "p1", "vote p3"),
        "the question master (p1) does not vote"
    );
    assert_eq!(
        refusal(&mut s, "p2", "vote p1"),
        "p1 is the question master, not an artist"
    );
}

#[test]
fn one_vote_each_and_not_for_oneself() {
    let mut s = voting();
    assert_eq!(refusal(&mut s, "p2", "vote p2"), "p2 cannot vote for themself");
    enter(&mut s, "p2", "vote p3").unwrap();
    assert_eq!(refusal(&mut s, "p2", "vote p4"), "p2 has already voted");
}

#[test]
fn a_stroke_off_the_canvas_is_refused() {
    let mut s = start(5);
    for (who, text) in [
        ("p1", "master p1".to_string()),
        ("chance", "fake p3".to_string()),
        ("p1", theme("animal", "giraffe")),
        ("p1", "first p2".to_string()),
    ] {
        enter(&mut s, who, &text).unwrap();
    }
    let reason = refusal(&mut s, "p2", "stroke 10,10 1001,5");
    assert_eq!(reason, "the point 1001,5 is off the canvas: x and y run from 0 to 1000");
    assert!(refusal(&mut s, "p2", "stroke -1,5 3,3").contains("off the canvas"));
    assert!(refusal(&mut s, "p2", "stroke 10,10").contains("2 to 500 points"));
    assert!(refusal(&mut s, "p2", "stroke 10;10 5,5").contains("not a point"));
}

#[test]
fn only_chance_deals_the_fake_and_only_the_master_writes_the_theme() {
    let mut s = start(6);
    assert!(refusal(&mut s, "chance", "master p1").contains("not chance"));
    enter(&mut s, "arbiter", "master p2").unwrap();
    assert!(refusal(&mut s, "p2", "fake p3").contains("chance's entry"));
    enter(&mut s, "chance", "fake p3").unwrap();
    assert!(refusal(&mut s, "p3", &theme("animal", "cat")).contains("only the question master (p2)"));
    assert!(refusal(&mut s, "p2", "theme animal: cat").contains("would be kept in clear"));
    assert!(refusal(&mut s, "p2", "theme animal: cat salt=12ab").contains("32 hex digits"));
    assert!(refusal(&mut s, "p2", "theme giraffe").contains("CATEGORY: WORD"));
    assert!(refusal(&mut s, "p2", "first p2").contains("that cannot be entered now"));
}

#[test]
fn the_theme_is_only_a_commitment_until_revealed() {
    let mut s = voting();
    let committed = s.theme.clone().expect("a theme");
    assert_eq!(crate::secret::hex(&committed.commitment.expect("committed")), GIRAFFE);
    assert_eq!(committed.word, None, "the word is not in the state");
    for view in [View::Full, View::Seat(0), View::Seat(1), View::Seat(2), View::Public] {
        let text = crate::FakeArtist::CURRENT.render(&s, view);
        assert!(!text.contains("giraffe"), "{text}");
        assert!(
            text.contains("theme: animal: ? (committed #57245d1090e49795)"),
            "{text}"
        );
    }
    votes(&mut s, &[("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")]);
    assert!(refusal(&mut s, "p1", "reveal zebra salt=00112233445566778899aabbccddeeff").contains("does not match"));
    assert!(refusal(&mut s, "p1", "reveal giraffe salt=ffffffffffffffffffffffffffffffff").contains("does not match"));
    assert!(refusal(&mut s, "p1", "reveal giraffe").contains("with its salt"));
    assert!(refusal(&mut s, "p2", &reveal("giraffe")).contains("only the question master (p1)"));
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.finished[0].theme.word.as_deref(), Some("giraffe"));
}

#[test]
fn the_state_hash_holds_no_guessable_secret() {
    // Everything a seat cannot see is either absent from the state (the word) or salted (the
    // fake's seat): two states that differ only in which artist is fake hash differently, but
    // without the salt nobody can rebuild either one from a seat's view.
    let s = voting();
    let seen = crate::view::redacted(&s, View::Seat(1));
    assert_eq!(seen.fake, None);
    assert_eq!(seen.fake_salt, None);
    let json = crate::FakeArtist::CURRENT.state_json(&s, View::Seat(1)).to_string();
    assert!(!json.contains("giraffe"), "{json}");
    let mut seeded = start(5);
    enter(&mut seeded, "p1", "master p1").unwrap();
    let mut rng = kifu_core::chance::ChanceRng::for_entry(b"a seed of sixteen bytes", 2);
    let drawn = crate::FakeArtist::CURRENT.sample_chance(&seeded, &mut rng);
    let text = crate::notation::format(&drawn);
    assert!(text.starts_with("fake p") && text.contains(" salt="), "{text}");
    enter(&mut seeded, "chance", &text).unwrap();
    assert!(seeded.fake_salt.is_some(), "a seeded fake is salted");
}

#[test]
fn an_unknown_fake_owns_up_after_the_vote() {
    let mut s = start(5);
    for (who, text) in [
        ("p1", "master p1".to_string()),
        ("chance", "fake ?".to_string()),
        ("p1", "theme animal: ?".to_string()),
        ("p1", "first p2".to_string()),
    ] {
        enter(&mut s, who, &text).unwrap();
    }
    for _ in 0..2 {
        for (who, text) in LAP {
            enter(&mut s, who, text).unwrap();
        }
    }
    assert_eq!(s.fake, None);
    votes(&mut s, &[("p2", "p3"), ("p3", "p4"), ("p4", "p3"), ("p5", "p3")]);
    assert_eq!(s.phase, Phase::Unmask { suspect: Some(2) });
    assert!(refusal(&mut s, "p4", "unmask p3").contains("only p3 (owning up) or the arbiter"));
    assert!(refusal(&mut s, "p1", "unmask p1").contains("p1 is the question master"));
    assert!(refusal(&mut s, "p3", "guess cat").contains("owns up (unmask pN)"));
    enter(&mut s, "p3", "unmask p3").unwrap();
    assert_eq!(s.phase, Phase::Guess, "the suspect owned up: caught");
    assert_eq!(crate::FakeArtist::CURRENT.state_json(&s, View::Public)["fake"], 2);
    enter(&mut s, "p3", "guess cat").unwrap();
    enter(&mut s, "p1", "judge wrong").unwrap();
    // The theme was not recorded: its reveal is recorded, not checked.
    enter(&mut s, "p1", "reveal giraffe").unwrap();
    assert_eq!(s.scores, vec![0, 1, 0, 1, 1]);
    assert_eq!(s.finished[0].fake, Some(2));
    assert!(crate::FakeArtist::CURRENT
        .render(&s, View::Public)
        .contains("round 1: animal: giraffe"));
}

#[test]
fn an_unknown_fake_who_escaped_is_named_by_the_arbiter() {
    let mut s = voting();
    s.fake = None;
    votes(&mut s, &[("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")]);
    assert_eq!(s.phase, Phase::Unmask { suspect: Some(3) });
    assert_eq!(
        crate::FakeArtist::CURRENT.legal_for(&s, Actor::Seat(4)),
        Some(vec![crate::notation::Command::Unmask(4)])
    );
    enter(&mut s, "arbiter", "unmask p5").unwrap();
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    assert_eq!(s.scores, vec![2, 0, 0, 0, 2], "the fake p5 and the master score");
}

#[test]
fn the_fake_is_seen_only_by_themself_until_caught() {
    let mut s = voting();
    let fake_of = |s: &State, view| crate::FakeArtist::CURRENT.state_json(s, view)["fake"].clone();
    assert_eq!(fake_of(&s, View::Seat(2)), 2);
    assert_eq!(fake_of(&s, View::Full), 2);
    assert!(fake_of(&s, View::Seat(0)).is_null(), "the master does not know");
    assert!(fake_of(&s, View::Seat(1)).is_null());
    assert!(fake_of(&s, View::Public).is_null());
    votes(&mut s, &[("p2", "p3"), ("p3", "p4"), ("p4", "p3"), ("p5", "p3")]);
    assert_eq!(fake_of(&s, View::Public), 2, "caught: everyone knows");
    assert!(crate::FakeArtist::CURRENT.state_json(&s, View::Seat(2))["fake_salt"].is_null());
}

#[test]
fn the_log_lines_are_redacted_per_seat() {
    use crate::notation::Command;
    let mut s = start(5);
    enter(&mut s, "p1", "master p1").unwrap();
    let fake = Command::Fake(Some(3), Some([7; 16]));
    assert_eq!(
        crate::FakeArtist::CURRENT.redact(&s, Actor::Chance, &fake, View::Seat(3)),
        "fake p4 salt=07070707070707070707070707070707"
    );
    assert_eq!(
        crate::FakeArtist::CURRENT.redact(&s, Actor::Chance, &fake, View::Seat(0)),
        "fake ?"
    );
    assert_eq!(
        crate::FakeArtist::CURRENT.redact(&s, Actor::Chance, &fake, View::Public),
        "fake ?"
    );
    enter(&mut s, "chance", "fake p4").unwrap();
    let theme = crate::notation::parse(&theme("sport", "tennis")).unwrap();
    let line = crate::FakeArtist::CURRENT.redact(&s, Actor::Seat(0), &theme, View::Seat(1));
    assert!(line.starts_with("theme sport: #") && !line.contains("tennis"), "{line}");
}

#[test]
fn a_finished_round_shows_its_theme_and_fake_to_all() {
    let mut s = voting();
    votes(&mut s, &[("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")]);
    enter(&mut s, "p1", &reveal("giraffe")).unwrap();
    let public = crate::FakeArtist::CURRENT.render(&s, View::Public);
    assert!(
        public.contains("round 1: animal: giraffe (the fake artist p3 escaped"),
        "{public}"
    );
}

#[test]
fn the_drawing_is_an_svg_of_polylines_in_each_artists_pen() {
    let s = voting();
    let svg = crate::FakeArtist::CURRENT.svg(&s, View::Public).expect("a drawing");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1000 1000\""));
    assert_eq!(svg.matches("<polyline").count(), 8);
    assert!(svg.contains("data-seat=\"p4\" points=\"10,990 990,10\""));
    assert!(!svg.contains("style"), "the pages' CSP blocks inline styles: {svg}");
    // The drawing is public: every view gets the same picture, and it is not in the JSON.
    assert_eq!(
        crate::FakeArtist::CURRENT.svg(&s, View::Seat(2)).as_deref(),
        Some(svg.as_str())
    );
    assert!(crate::FakeArtist::CURRENT
        .state_json(&s, View::Public)
        .get("svg")
        .is_none());
}

#[test]
fn the_canonical_text_reads_back_the_same() {
    use crate::notation::{format, parse};
    for text in [
        "master p1",
        "fake p4",
        "fake p4 salt=07070707070707070707070707070707",
        "fake ?",
        "theme animal: #57245d1090e497958f5c286aafd5c99c7431ca51eba706d4aa3e662a32f3314d",
        "theme big city: ?",
        "first p2",
        "stroke 0,0 1000,1000 5,7",
        "vote p3",
        "unmask p5",
        "guess a long word",
        "judge right",
        "judge wrong",
        "reveal new york salt=00112233445566778899aabbccddeeff",
        "reveal new york",
    ] {
        assert_eq!(format(&parse(text).unwrap()), text);
    }
    assert_eq!(
        format(&parse("theme  animal :  giraffe  SALT=00112233445566778899AABBCCDDEEFF").unwrap()),
        format!("theme animal: #{GIRAFFE}"),
        "the word is committed, never kept"
    );
    // blake3(salt || "new york") from the Python `blake3` package 1.0.11.
    assert_eq!(
        format(&parse(&format!("theme big city: new   york salt={SALT}")).unwrap()),
        "theme big city: #7c159b79e535206a981a9864ada1bc7f5ffb42741193699530b6da397f8e0056"
    );
    assert!(parse("paint 1,1")
        .unwrap_err()
        .reason
        .contains("not a Fake Artist command"));
}

#[test]
fn who_may_act_follows_the_round() {
    use kifu_core::rules::Turn;
    let mut s = start(5);
    assert_eq!(
        crate::FakeArtist::CURRENT.turn(&s),
        Turn::Simultaneous {
            seats: vec![0, 1, 2, 3, 4]
        }
    );
    enter(&mut s, "p2", "master p2").unwrap();
    assert_eq!(crate::FakeArtist::CURRENT.turn(&s), Turn::Chance);
    let s = voting();
    assert_eq!(
        crate::FakeArtist::CURRENT.turn(&s),
        Turn::Simultaneous {
            seats: vec![1, 2, 3, 4]
        }
    );
}

/// `fake p3` typed bare can be found by trying each artist against the state hash a view
/// shows; drawn with a salt (as a seeded draw always is) no seat matches.
#[test]
fn a_salted_fake_cannot_be_found_from_the_state_hash() {
    let game = crate::registry().find("fakeartist").expect("registered");
    let options = std::collections::BTreeMap::new();
    let setup = kifu_core::rules::Setup {
        options: &options,
        players: 5,
        start: None,
    };
    let after = |fake: &str| {
        let mut live = game.start(&setup).expect("starts");
        live.apply(Actor::Seat(0), "master p1").expect("a master");
        live.apply(Actor::Chance, fake).expect("the papers");
        live
    };
    let tries = |hash: [u8; 32]| -> Vec<String> {
        ["p2", "p3", "p4", "p5"]
            .iter()
            .filter(|seat| after(&format!("fake {seat}")).state_hash() == hash)
            .map(|seat| seat.to_string())
            .collect()
    };
    assert_eq!(
        tries(after("fake p3").state_hash()),
        vec!["p3"],
        "bare: the hash tells the fake"
    );
    let salted = after("fake p3 salt=00112233445566778899aabbccddeeff");
    assert!(tries(salted.state_hash()).is_empty(), "salted: no seat matches");
    assert_eq!(
        salted.redact(
            Actor::Chance,
            "fake p3 salt=00112233445566778899aabbccddeeff",
            View::Seat(1)
        ),
        "fake ?"
    );
}
