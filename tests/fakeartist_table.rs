//! End-to-end: A Fake Artist Goes to New York at a table: bad strokes and votes refused with
//! the reason and the head unchanged, the theme hidden from the fake, the drawing as SVG.

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
    s.ok(&["play", &id, "theme animal: giraffe", "first p2"]);
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
    let theme = |view: &str| {
        s.ok(&["log", &id, "--as", view])
            .lines()
            .find(|l| l.contains(" theme "))
            .unwrap()
            .to_string()
    };
    assert!(theme("p2").contains("theme animal: giraffe"), "{}", theme("p2"));
    assert!(theme("p3").contains("theme animal: ?"), "{}", theme("p3"));
    assert!(theme("public").contains("theme animal: ?"));
    let svg = s.ok(&["show", &id, "--svg"]);
    assert!(svg.starts_with("<svg "), "{svg}");
    assert_eq!(svg.matches("<polyline").count(), 8);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}
