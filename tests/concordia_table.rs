//! End-to-end: Concordia dealt from a seed and recorded at a table (observed city goods and
//! card draws), with bad entries refused with their reason and nothing stored changed.

use kifu_e2e::Session;

#[test]
fn a_seeded_game_deals_the_board_and_refuses_an_impossible_move() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "concordia",
            "--seed",
            "c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0",
            "-p",
            "Ada",
            "-p",
            "Bo",
            "-p",
            "Cy",
        ])
        .trim()
        .to_string();
    let shown = s.ok(&["show", &id]);
    assert!(shown.contains("Concordia on the imperium map"), "{shown}");
    assert!(shown.contains("Market: 1:"), "{shown}");
    assert!(!shown.contains("not dealt"), "{shown}");
    s.ok(&["play", &id, "prefect cash"]);
    let before = s.ok(&["log", &id]);
    let run = s.fails(&["play", &id, "architect S:Roma>r43"], 1);
    assert!(run.stderr.contains("cannot reach route r43"), "{}", run.stderr);
    let run = s.fails(&["play", &id, "senator 2"], 1);
    assert!(run.stderr.contains("good(s) of the buyer's choice"), "{}", run.stderr);
    assert_eq!(s.ok(&["log", &id]), before, "nothing changed");
    s.ok(&["play", &id, "mercator sell 1 wine"]);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
    // Hands are hidden: the public sees sizes, a seat its own hand, the arbiter all.
    let public = s.ok(&["show", &id]);
    assert_eq!(public.matches("hidden card(s)").count(), 3, "{public}");
    assert!(public.contains("discard top Mercator (1 played)"), "{public}");
    let own = s.ok(&["show", &id, "--as", "p3"]);
    assert_eq!(own.matches("hidden card(s)").count(), 2, "{own}");
    assert!(own.contains("hand Tribune, Architect"), "{own}");
    let arbiter = s.ok(&["show", &id, "--as", "arbiter"]);
    assert!(!arbiter.contains("hidden card(s)"), "{arbiter}");
    let svg = s.ok(&["show", &id, "--svg"]);
    assert!(!svg.contains("hand Tribune"), "{svg}");
}

#[test]
fn a_storehouse_choice_that_is_not_possible_is_refused_with_its_reason() {
    let s = Session::new();
    let id = s
        .ok(&["new", "concordia", "--random-seed", "-p", "Ada", "-p", "Bo", "-p", "Cy"])
        .trim()
        .to_string();
    let before = s.ok(&["log", &id]);
    let run = s.fails(&["play", &id, "prefect cash keep p1:wine"], 1);
    assert!(
        run.stderr.contains("prefect takes a province or 'cash'"),
        "{}",
        run.stderr
    );
    let run = s.fails(&["play", &id, "prefect Gallia keep p1:wine"], 1);
    assert!(run.stderr.contains("nothing to choose"), "{}", run.stderr);
    let run = s.fails(&["play", &id, "prefect Gallia keep p9:wine"], 1);
    assert!(run.stderr.contains("'p9' is not a seat"), "{}", run.stderr);
    assert_eq!(s.ok(&["log", &id]), before, "nothing changed");
}

#[test]
fn an_observed_game_checks_the_city_goods_and_the_draws() {
    let s = Session::new();
    let id = s
        .ok(&["new", "concordia", "-p", "Ada", "-p", "Bo", "--option", "map=italia"])
        .trim()
        .to_string();
    let run = s.fails(&["play", &id, &format!("cities {}", "c".repeat(25))], 1);
    assert!(run.stderr.contains("cloth tile"), "{}", run.stderr);
    let legal = s.json(&["legal", &id, "--json"]);
    let deal = legal[0].as_str().expect("the example deal").to_string();
    s.ok(&["play", &id, &deal]);
    let run = s.fails(&["play", &id, "draw Weaver"], 1);
    assert!(run.stderr.contains("deck I has no card 'Weaver'"), "{}", run.stderr);
    s.ok(&["play", &id, "draw Farmer"]);
    let run = s.fails(&["play", &id, "draw Farmer"], 1);
    assert!(run.stderr.contains("no Farmer left"), "{}", run.stderr);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}
