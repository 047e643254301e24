//! Rules version 1, kept for the records made under it: draws bare, a salt refused, and the
//! state hashed without the salt field.

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::Setup;

const SALT: &str = "00112233445566778899aabbccddeeff";

#[test]
fn version_1_draws_bare_and_refuses_a_salt() {
    let current = crate::registry().find("splendor").expect("registered");
    assert_eq!(current.version(), 2);
    assert!(current.at_version(3).is_none());
    let v1 = current.at_version(1).expect("version 1 kept");
    assert_eq!((v1.name(), v1.version()), ("splendor", 1));
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: None,
    };
    let due = |game: &dyn kifu_core::Game| {
        let mut live = game.start(&setup).expect("starts");
        live.apply(
            Actor::Chance,
            "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
        )
        .expect("dealt");
        live.apply(Actor::Seat(0), "reserve L1").expect("reserved blind");
        live
    };
    let mut old = due(v1);
    let refused = old.apply(Actor::Chance, &format!("draw 17 salt={SALT}")).unwrap_err();
    assert!(refused.reason.contains("version 1"), "{}", refused.reason);
    let drawn = old.sample_chance(&mut ChanceRng::for_entry(b"sixteen bytes!!!", 3));
    assert!(drawn.starts_with("draw ") && !drawn.contains("salt"), "{drawn}");
    old.apply(Actor::Chance, "draw 17").expect("a bare draw");
    // The same bare draw at version 2: its state hashes the salt field too, so they differ.
    let mut new = due(current);
    new.apply(Actor::Chance, "draw 17").expect("a bare draw");
    assert_ne!(old.state_hash(), new.state_hash());
}
