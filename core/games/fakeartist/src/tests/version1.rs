//! Rules version 1, kept for the records made under it: the theme in clear (hidden by the
//! views from the fake and the public), no salt, no `fake ?`, no reveal: the round is scored as
//! soon as it is decided.

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{Setup, View};

#[test]
fn version_1_keeps_the_theme_in_clear_and_scores_without_a_reveal() {
    let current = crate::registry().find("fakeartist").expect("registered");
    assert_eq!(current.version(), 2);
    assert!(current.at_version(3).is_none());
    let v1 = current.at_version(1).expect("version 1 kept");
    assert_eq!((v1.name(), v1.version()), ("fakeartist", 1));
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 5,
        start: None,
    };
    let mut old = v1.start(&setup).expect("starts");
    old.apply(Actor::Seat(0), "master p1").expect("master");
    let dealt = old.sample_chance(&mut ChanceRng::for_entry(b"sixteen bytes!!!", 2));
    assert!(dealt.starts_with("fake p") && !dealt.contains("salt"), "{dealt}");
    for v2_only in ["fake ?", "fake p4 salt=00112233445566778899aabbccddeeff"] {
        let refused = old.apply(Actor::Chance, v2_only).unwrap_err();
        assert!(refused.reason.contains("version 1"), "{v2_only}: {}", refused.reason);
    }
    old.apply(Actor::Chance, "fake p4").expect("the fake");
    let theme = old
        .apply(Actor::Seat(0), "theme animal: giraffe")
        .expect("a theme in clear");
    assert_eq!(theme, "theme animal: giraffe");
    assert_eq!(
        old.redact(Actor::Seat(0), &theme, View::Seat(1)),
        "theme animal: giraffe"
    );
    assert_eq!(old.redact(Actor::Seat(0), &theme, View::Seat(3)), "theme animal: ?");
    assert_eq!(old.redact(Actor::Seat(0), &theme, View::Public), "theme animal: ?");
    assert!(old.state_json(View::Seat(3))["theme"]["word"].is_null());
    assert_eq!(old.state_json(View::Seat(1))["theme"]["word"], "giraffe");
    old.apply(Actor::Seat(0), "first p2").expect("first");
    for (seat, stroke) in [1u8, 2, 3, 4, 1, 2, 3, 4].into_iter().zip(0u16..) {
        old.apply(
            Actor::Seat(seat),
            &format!("stroke {0},{0} {1},{1}", 10 * stroke, 10 * stroke + 5),
        )
        .expect("a stroke");
    }
    for (voter, suspect) in [(1u8, 3u8), (2, 3), (3, 1), (4, 3)] {
        old.apply(Actor::Seat(voter), &format!("vote p{}", suspect + 1))
            .expect("a vote");
    }
    old.apply(Actor::Seat(3), "guess horse").expect("the guess");
    old.apply(Actor::Seat(0), "judge wrong").expect("judged");
    // Scored at once: the next round's fake is due, no reveal.
    assert_eq!(old.turn(), kifu_core::rules::Turn::Chance);
    assert_eq!(
        old.state_json(View::Public)["scores"],
        serde_json::json!([0, 1, 1, 0, 1])
    );
    let refused = old.apply(Actor::Seat(1), "reveal giraffe").unwrap_err();
    assert!(refused.reason.contains("version 1"), "{}", refused.reason);
}
