//! End-to-end: A Fake Artist Goes to New York at a table: bad strokes and votes refused with
//! the reason and the head unchanged, the theme held as a commitment until its checked reveal,
//! an unknown fake owning up, the drawing as SVG.

use kifu_e2e::Session;

fn refused(s: &Session, id: &str, args: &[&str], reason: &str) {
    let before = s.ok(&["log", id, "--as", "arbiter"]);
    let mut all = vec!["play", id];
    all.extend_from_slice(args);
    let run = s.fails(&all, 1);
    assert!(run.stderr.contains(reason), "{args:?}: {}", run.stderr);
    assert_eq!(
        s.ok(&["log", id, "--as", "arbiter"]),
        before,
        "{args:?} changed nothing"
    );
}

#[test]
fn bad_strokes_and_votes_are_refused_and_the_theme_stays_hidden() {
    let s = Session::new();
    let mut new = vec!["new", "fakeartist"];
    for name in ["Ada", "Bo", "Cy", "Di", "Ed"] {
        new.extend(["-p", name]);
    }
    let id = s.ok(&new).trim().to_string();
    s.ok(&["play", &id, "p1: master p1"]);
    s.ok(&["play", &id, "fake p3"]);
    refused(&s, &id, &["theme animal: giraffe"], "the word would be kept in clear");
    s.ok(&[
        "play",
        &id,
        "theme animal: giraffe salt=00112233445566778899aabbccddeeff",
        "first p2",
    ]);
    refused(
        &s,
        &id,
        &["stroke 10,10 1200,40"],
        "the point 1200,40 is off the canvas",
    );
    for who in ["p2", "p3", "p4", "p5", "p2", "p3", "p4", "p5"] {
        s.ok(&["play", &id, &format!("{who}: stroke 100,100 200,250")]);
    }
    refused(&s, &id, &["p9: vote p3"], "p9");
    refused(&s, &id, &["p2: vote p8"], "p8 is not in this game (p1 to p5)");
    refused(&s, &id, &["p1: vote p3"], "p1 may not act now");
    refused(&s, &id, &["p2: vote p1"], "p1 is the question master, not an artist");
    for view in ["arbiter", "p2", "p3", "public"] {
        let log = s.ok(&["log", &id, "--as", view]);
        assert!(!log.contains("giraffe"), "{view}: {log}");
        assert!(log.contains("theme animal: #57245d1090e4"), "{view}: {log}");
    }
    for (who, whom) in [("p2", "p4"), ("p3", "p4"), ("p4", "p2"), ("p5", "p4")] {
        s.ok(&["play", &id, &format!("{who}: vote {whom}")]);
    }
    refused(
        &s,
        &id,
        &["reveal zebra salt=00112233445566778899aabbccddeeff"],
        "does not match the theme's commitment",
    );
    s.ok(&["play", &id, "reveal giraffe salt=00112233445566778899aabbccddeeff"]);
    assert!(s
        .ok(&["show", &id, "--as", "public"])
        .contains("round 1: animal: giraffe"));
    let svg = s.ok(&["show", &id, "--svg"]);
    assert!(svg.starts_with("<svg "), "{svg}");
    assert_eq!(svg.matches("<polyline").count(), 0, "a new round: a blank canvas");
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn an_observed_round_with_an_unknown_fake_verifies() {
    let s = Session::new();
    let mut new = vec!["new", "fakeartist"];
    for name in ["Ada", "Bo", "Cy", "Di", "Ed"] {
        new.extend(["-p", name]);
    }
    let id = s.ok(&new).trim().to_string();
    s.ok(&["play", &id, "p1: master p1", "fake ?", "theme animal: ?", "first p2"]);
    for who in ["p2", "p3", "p4", "p5", "p2", "p3", "p4", "p5"] {
        s.ok(&["play", &id, &format!("{who}: stroke 100,100 200,250")]);
    }
    for (who, whom) in [("p2", "p3"), ("p3", "p4"), ("p4", "p3"), ("p5", "p3")] {
        s.ok(&["play", &id, &format!("{who}: vote {whom}")]);
    }
    refused(&s, &id, &["p4: unmask p3"], "only p3 (owning up) or the arbiter");
    s.ok(&[
        "play",
        &id,
        "p3: unmask p3",
        "p3: guess lion",
        "p1: judge wrong",
        "p1: reveal giraffe",
    ]);
    let shown = s.ok(&["show", &id, "--as", "public"]);
    assert!(shown.contains("scores: p1 0, p2 1, p3 0, p4 1, p5 1"), "{shown}");
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
    // Exported in kifu's text and imported into another store: the same record.
    let file = s.ok(&["export", &id]);
    assert!(file.contains(" chance fake ? "), "{file}");
    let elsewhere = Session::new();
    let path = elsewhere.path("round.kifu");
    std::fs::write(&path, &file).unwrap();
    let imported = elsewhere.ok(&["import", path.to_str().unwrap()]).trim().to_string();
    assert_eq!(
        elsewhere.ok(&["log", &imported, "--as", "arbiter"]),
        s.ok(&["log", &id, "--as", "arbiter"])
    );
}
