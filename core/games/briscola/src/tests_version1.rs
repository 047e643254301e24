//! Rules version 1, kept for the records made under it: deals and draws bare, a salt refused,
//! and chiamata without the `target` option (one hand, not a match).

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::Setup;

const SALT: &str = "salt=00112233445566778899aabbccddeeff";

fn version_1(name: &str) -> &'static dyn kifu_core::Game {
    let current = crate::registry().find(name).expect("registered");
    assert_eq!(current.version(), 2);
    assert!(current.at_version(3).is_none());
    let v1 = current.at_version(1).expect("version 1 kept");
    assert_eq!((v1.name(), v1.version()), (name, 1));
    v1
}

#[test]
fn version_1_deals_bare_and_refuses_a_salt() {
    for (name, players) in [("briscola", 2), ("briscola-chiamata", 5)] {
        let options = std::collections::BTreeMap::new();
        let setup = Setup {
            options: &options,
            players,
            start: None,
        };
        let mut old = version_1(name).start(&setup).expect("starts");
        let dealt = old.sample_chance(&mut ChanceRng::for_entry(b"sixteen bytes!!!", 1));
        assert!(dealt.starts_with("deal ") && !dealt.contains("salt"), "{name}: {dealt}");
        let refused = old.apply(Actor::Chance, &format!("{dealt} {SALT}")).unwrap_err();
        assert!(refused.reason.contains("version 1"), "{name}: {}", refused.reason);
        old.apply(Actor::Chance, &dealt).expect("the bare deal");
    }
}

#[test]
fn version_1_chiamata_takes_no_target() {
    let options = std::collections::BTreeMap::from([("target".to_string(), "5".to_string())]);
    let setup = Setup {
        options: &options,
        players: 5,
        start: None,
    };
    let current = crate::registry().find("briscola-chiamata").expect("registered");
    assert!(current.start(&setup).is_ok(), "version 2 plays a match to a target");
    let refused = version_1("briscola-chiamata").start(&setup).err().expect("refused");
    assert!(refused.reason.contains("target"), "{}", refused.reason);
}
