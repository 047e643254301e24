//! Rules version 1, kept for the records made under it: no key, bare plays only.

use kifu_core::record::Actor;
use kifu_core::rules::{Setup, Turn};

#[test]
fn version_1_has_no_key_and_refuses_a_salted_play() {
    let current = crate::registry().find("redblackwar").expect("registered");
    assert_eq!(current.version(), 2);
    assert!(current.at_version(3).is_none());
    let v1 = current.at_version(1).expect("version 1 kept");
    assert_eq!((v1.name(), v1.version()), ("redblackwar", 1));
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 4,
        start: None,
    };
    assert_eq!(
        current.start(&setup).expect("starts").turn(),
        Turn::Chance,
        "version 2: the key is due"
    );
    let mut old = v1.start(&setup).expect("starts");
    assert!(
        matches!(old.turn(), Turn::Simultaneous { .. }),
        "version 1: the plays are due at once"
    );
    let refused = old.apply(Actor::Chance, "key ?").unwrap_err();
    assert!(refused.reason.contains("version 1"), "{}", refused.reason);
    let refused = old
        .apply(Actor::Seat(0), "11#00112233445566778899aabbccddeeff")
        .unwrap_err();
    assert!(refused.reason.contains("version 1"), "{}", refused.reason);
    assert_eq!(old.apply(Actor::Seat(0), "11").expect("a bare play"), "11");
}
