//! The kernel's per-seat log views on a game with hidden hands: a seat's view hides the other
//! hands and, since the state then holds what that seat may not see, every `s=` state hash.

use kifu_core::chance::commitment;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::{log_view, Replay};
use kifu_core::View;
use kifu_games::registry;

#[test]
fn a_seat_view_of_a_hidden_deal_carries_no_state_hash() {
    let seed = b"sixteen or more bytes of seed!!!";
    let mut header = Header::new(
        "briscola",
        kifu_games::find("briscola").unwrap().version(),
        vec!["A".into(), "B".into()],
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
    );
    header.id = Some([0x13; 16]);
    let mut replay = Replay::start(registry(), &header).unwrap();
    replay.set_seed(seed).unwrap();
    let mut record = Record::new(header);
    record.entries.extend(replay.draw_chance(None).unwrap());
    assert!(!record.entries.is_empty(), "the deal is drawn");
    assert!(record.entries.iter().all(|e| e.state.is_some()));

    let full = log_view(registry(), &record, View::Full).unwrap();
    assert_eq!(full, record.entries, "the arbiter sees everything, hashes included");
    for view in [View::Seat(0), View::Seat(1), View::Public] {
        let seen = log_view(registry(), &record, view).unwrap();
        assert!(
            seen.iter().zip(&record.entries).any(|(a, b)| a.command != b.command),
            "{view:?} sees the deal redacted"
        );
        assert!(
            seen.iter().all(|e| e.state.is_none()),
            "{view:?} gets no state hash to test guesses against"
        );
    }
}
