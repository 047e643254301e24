//! End-to-end: appends made through `kifu serve` (its writer commits them in groups) are in the
//! store's transparency log: after the server stops, `kifu prove` covers the record's last entry
//! and the exported file verifies against the bundle and the store's key.

mod serve;

use kifu_e2e::Session;
use serde_json::json;
use serve::{create, play, Served};

#[test]
fn appends_through_the_service_are_in_the_log_and_prove() {
    let s = Session::new();
    let mut server = Served::start(&s);
    let http = server.http.clone();
    let game = create(&http, json!({"game": "chess", "players": ["Ann", "Ben"]}));
    for (who, moves) in [("p1", "e4"), ("p2", "e5"), ("p1", "Nf3")] {
        assert_eq!(play(&http, &game.id, Some(&game.token(who)), &[moves]).status, 201);
    }
    server.terminate();
    let bundle = s.path("game.proof.json");
    let proved = s.ok(&["prove", &game.id, "-o", bundle.to_str().unwrap()]);
    assert!(proved.contains("entry at leaf 3 of 4"), "{proved}");
    let file = s.path("game.kifu");
    std::fs::write(&file, s.ok(&["export", &game.id, "--format", "kifu"])).unwrap();
    let key = s.path("store.pub");
    std::fs::write(&key, s.ok(&["key"])).unwrap();
    let verified = s.ok(&[
        "verify",
        file.to_str().unwrap(),
        "--proof",
        bundle.to_str().unwrap(),
        "--key",
        key.to_str().unwrap(),
    ]);
    assert!(verified.contains("proof: ok"), "{verified}");
}
