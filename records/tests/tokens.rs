//! Bearer tokens and seat-restricted appends, on an observed Senet game: the store keeps only
//! tokens' hashes, knows which actor each stands for, and refuses a seat's request to enter
//! anyone else's command (chance included) while changing nothing.

use kifu_core::record::{Actor, ChanceMode, Header};
use kifu_records::{Append, AppendError, Token};

mod backends;
use backends::{Kind, Scratch};

fn header() -> Header {
    let mut h = Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()], ChanceMode::Observed);
    h.created = Some("t".into());
    h
}

fn tokens() -> Vec<(Actor, Token)> {
    [Actor::Arbiter, Actor::Seat(0), Actor::Seat(1)]
        .into_iter()
        .map(|a| (a, Token::random().unwrap()))
        .collect()
}

fn as_seat(seat: Option<u8>, command: &str) -> Append {
    Append {
        commands: vec![(None, command.to_string())],
        as_seat: seat,
        ..Append::default()
    }
}

fn each_token_stands_for_its_actor_in_its_record_only(kind: Kind) {
    let Some(mut scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let granted = tokens();
    let id = store.create_with_tokens(header(), None, None, &granted).unwrap().id;
    let other = store.create_with_tokens(header(), None, None, &tokens()).unwrap().id;
    for (actor, token) in &granted {
        assert_eq!(store.bearer(&id, token).unwrap(), Some(*actor));
        assert_eq!(store.bearer(&other, token).unwrap(), None);
    }
    assert_eq!(store.bearer(&id, &Token::random().unwrap()).unwrap(), None);
    // The store never holds a token, only its hash.
    let bytes = scratch.stored_bytes();
    for (_, token) in &granted {
        let raw = kifu_core::record::hex::decode(&token.to_string()).unwrap();
        assert!(
            !bytes.windows(16).any(|w| w == raw.as_slice()),
            "a token is stored in the clear"
        );
        assert!(!bytes.windows(32).any(|w| w == token.to_string().as_bytes()));
    }
}

fn a_record_made_without_tokens_has_none(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let id = store.create(header(), None, None).unwrap().id;
    assert_eq!(store.bearer(&id, &Token::random().unwrap()).unwrap(), None);
}

fn tokens_for_chance_or_twice_for_a_seat_are_refused(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let t = Token::random().unwrap();
    assert!(store
        .create_with_tokens(header(), None, None, &[(Actor::Chance, t.clone())])
        .is_err());
    assert!(store
        .create_with_tokens(
            header(),
            None,
            None,
            &[(Actor::Seat(0), t.clone()), (Actor::Seat(0), t)]
        )
        .is_err());
    assert!(
        store.list(&Default::default()).unwrap().is_empty(),
        "nothing was stored"
    );
}

fn a_seat_enters_only_its_own_commands(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let id = store.create_with_tokens(header(), None, None, &tokens()).unwrap().id;
    // Chance is to throw: no seat may enter it, whoever names it.
    let before = store.head(&id).unwrap();
    match store.append(&id, &as_seat(Some(0), "3")) {
        Err(AppendError::Forbidden { seq: 1, seat: 0, actor }) => assert_eq!(actor, Actor::Chance),
        other => panic!("{other:?}"),
    }
    let named = Append {
        commands: vec![(Some(Actor::Chance), "3".into())],
        as_seat: Some(1),
        ..Append::default()
    };
    assert!(matches!(store.append(&id, &named), Err(AppendError::Forbidden { .. })));
    assert_eq!(store.head(&id).unwrap(), before, "nothing changed");
    // The arbiter (no seat restriction) enters the throw; then only the seat to move may move.
    store.append(&id, &as_seat(None, "3")).unwrap();
    let turn = store.replay(&id, None).unwrap().turn();
    let kifu_core::Turn::Seat { seat } = turn else {
        panic!("{turn:?}")
    };
    let command = store.replay(&id, None).unwrap().current().legal().unwrap().remove(0);
    let other = 1 - seat;
    assert!(matches!(
        store.append(&id, &as_seat(Some(other), &command)),
        Err(AppendError::Forbidden { .. })
    ));
    let answer = store.append(&id, &as_seat(Some(seat), &command)).unwrap();
    assert_eq!(answer.seq, 2);
    // A batch whose second command is chance's is refused whole.
    let batch = Append {
        commands: vec![(None, "2".into())],
        as_seat: Some(0),
        ..Append::default()
    };
    assert!(matches!(
        store.append(&id, &batch),
        Err(AppendError::Forbidden { seq: 3, .. })
    ));
    assert_eq!(store.head(&id).unwrap().0, 2);
}

fn an_idempotency_key_is_bound_to_the_seat_that_used_it(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let id = store.create_with_tokens(header(), None, None, &tokens()).unwrap().id;
    let first = Append {
        key: Some("k".into()),
        ..as_seat(None, "3")
    };
    store.append(&id, &first).unwrap();
    let again = store.append(&id, &first).unwrap();
    assert!(again.replayed);
    let command = store.replay(&id, None).unwrap().current().legal().unwrap().remove(0);
    let seat = match store.replay(&id, None).unwrap().turn() {
        kifu_core::Turn::Seat { seat } => seat,
        other => panic!("{other:?}"),
    };
    let by_seat = Append {
        key: Some("m".into()),
        ..as_seat(Some(seat), &command)
    };
    store.append(&id, &by_seat).unwrap();
    let same_but_unrestricted = Append {
        key: Some("m".into()),
        ..as_seat(None, &command)
    };
    assert!(matches!(
        store.append(&id, &same_but_unrestricted),
        Err(AppendError::KeyReused(_))
    ));
}

on_both!(
    each_token_stands_for_its_actor_in_its_record_only,
    a_record_made_without_tokens_has_none,
    tokens_for_chance_or_twice_for_a_seat_are_refused,
    a_seat_enters_only_its_own_commands,
    an_idempotency_key_is_bound_to_the_seat_that_used_it,
);
