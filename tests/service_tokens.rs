//! End-to-end: a record made at the command line gets service tokens with `kifu token`, then is
//! played through `kifu serve`; issuing a seat's token again revokes the one before.

mod serve;

use kifu_e2e::Session;
use serve::{play, Served};

#[test]
fn a_record_made_by_the_cli_is_played_through_the_service_with_issued_tokens() {
    let s = Session::new();
    let id = s.ok(&["new", "chess", "-p", "Ann", "-p", "Ben"]).trim().to_string();
    let first = s.ok(&["token", &id, "--as", "p1"]).trim().to_string();
    let white = s.ok(&["token", &id, "--as", "p1"]).trim().to_string();
    assert_ne!(first, white);
    let black = s.json(&["token", &id, "--as", "p2", "--json"]);
    assert_eq!(black["as"], "p2");
    let black = black["token"].as_str().unwrap().to_string();
    for bad in ["p3", "chance", "nobody"] {
        s.fails(&["token", &id, "--as", bad], 2);
    }

    let mut server = Served::start(&s);
    let http = server.http.clone();
    assert_eq!(
        play(&http, &id, Some(&first), &["e4"]).status,
        401,
        "the first token was replaced"
    );
    assert_eq!(play(&http, &id, Some(&white), &["e4"]).status, 201);
    assert_eq!(
        play(&http, &id, Some(&white), &["e5"]).status,
        403,
        "not white's turn to enter"
    );
    assert_eq!(play(&http, &id, Some(&black), &["e5"]).status, 201);
    server.terminate();
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
    assert_eq!(s.json(&["show", &id, "--json"])["seq"], 2);
}
