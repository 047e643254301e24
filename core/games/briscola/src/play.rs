//! Dealing, drawing and tricks: who wins a trick by seed 004's order, who draws in what
//! order, and the card points at the end. It refuses what cannot be; it never picks a card.

use super::cards::{Card, Hand};
use super::state::{Phase, State};
use kifu_core::rules::{Outcome, RuleError};

pub fn seat_name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

/// Takes a known card into the accounting: it must be in the deck and nowhere yet.
fn claim(state: &State, card: Card, place: &str) -> Result<(), RuleError> {
    if let Some(why) = state.where_is(card) {
        kifu_core::refuse!("{place} cannot be {}: {why}", card.code());
    }
    Ok(())
}

/// The deal: every hand its due count, and (plain briscola) the card turned up.
pub fn deal(state: &mut State, turned: Option<Card>, hands: &[Hand]) -> Result<(), RuleError> {
    if hands.len() != usize::from(state.seats()) {
        kifu_core::refuse!("the deal must give {} hands, one per seat", state.seats());
    }
    let due = state.hand_size();
    for (seat, hand) in hands.iter().enumerate() {
        if hand.len() != u32::from(due) {
            kifu_core::refuse!(
                "{} must be dealt {due} cards, the deal gives {} ({})",
                seat_name(seat as u8),
                hand.len(),
                hand.text()
            );
        }
        for card in hand.known.list() {
            claim(state, card, &format!("a card dealt to {}", seat_name(seat as u8)))?;
        }
        state.hands[seat] = *hand;
    }
    match (state.chiamata, turned) {
        (true, Some(_)) => kifu_core::refuse!("in chiamata every card is dealt: none is turned up"),
        (false, None) => kifu_core::refuse!("name the card turned up as the briscola (deal Kd p1:?3 ...)"),
        (false, Some(card)) => {
            claim(state, card, "the turned card")?;
            state.turned = Some(card);
            state.trump = Some(card.suit());
        }
        (true, None) => {}
    }
    let dealt = u32::from(due) * u32::from(state.seats()) + u32::from(!state.chiamata);
    state.stock = (state.deck.len() - dealt) as u8;
    state.phase = if state.chiamata {
        Phase::Auction { current: state.opener }
    } else {
        Phase::Play { current: 0 }
    };
    Ok(())
}

/// One round of drawing after a trick, in `order`: each card known or unseen (`None`); the
/// last card of the last round is always the turned briscola.
pub fn draw(state: &mut State, order: &[u8], cards: &[(u8, Option<Card>)]) -> Result<(), RuleError> {
    let seats: Vec<u8> = cards.iter().map(|(s, _)| *s).collect();
    if seats != order {
        let names: Vec<String> = order.iter().map(|s| seat_name(*s)).collect();
        kifu_core::refuse!("the draw goes in this order: {}", names.join(", "));
    }
    for (seat, card) in cards {
        let who = seat_name(*seat);
        if state.stock == 0 {
            let Some(turned) = state.turned else {
                kifu_core::refuse!("the stock is empty: {who} has nothing to draw");
            };
            if card.is_some_and(|c| c != turned) {
                kifu_core::refuse!("the stock is empty: {who} takes the turned briscola {}", turned.code());
            }
            state.turned = None;
            state.hands[usize::from(*seat)].known.add(turned);
            continue;
        }
        match card {
            Some(c) => {
                claim(state, *c, &format!("{who}'s draw"))?;
                state.hands[usize::from(*seat)].known.add(*c);
            }
            None => state.hands[usize::from(*seat)].unknown += 1,
        }
        state.stock -= 1;
    }
    state.phase = Phase::Play { current: state.leader };
    Ok(())
}

/// Who takes the trick (seed 004): the strongest briscola if any was played; otherwise the
/// strongest card, a tie between suits going to the suit led, then to the earlier card.
pub fn trick_winner(trick: &[(u8, Card)], trump: Option<u8>) -> u8 {
    let led = trick.first().map(|(_, c)| c.suit());
    let rank = |card: Card| (Some(card.suit()) == trump, card.strength(), Some(card.suit()) == led);
    let mut best: Option<(u8, Card)> = None;
    for &(seat, card) in trick {
        if best.is_none_or(|(_, b)| rank(card) > rank(b)) {
            best = Some((seat, card));
        }
    }
    best.map_or(0, |(s, _)| s)
}

/// `seat` plays `card` to the trick; a full trick is taken, then drawing or the next lead.
/// `one_hand`: chiamata ends with its first hand (rules version 1) rather than playing a match.
pub fn play(state: &mut State, seat: u8, card: Card, one_hand: bool) -> Result<(), RuleError> {
    if !state.may_hold(seat, card) {
        kifu_core::refuse!(
            "{} cannot play {}: {}",
            seat_name(seat),
            card.code(),
            state.why_not_held(seat, card)
        );
    }
    let hand = &mut state.hands[usize::from(seat)];
    if hand.known.has(card) {
        hand.known.remove(card);
    } else {
        hand.unknown -= 1;
    }
    if state.trick.is_empty() {
        state.leader = seat;
    }
    state.trick.push((seat, card));
    if state.called == Some(card) {
        state.partner = Some(seat);
        state.revealed = true;
    }
    if state.trick.len() < usize::from(state.seats()) {
        state.phase = Phase::Play {
            current: state.next(seat),
        };
        return Ok(());
    }
    let winner = trick_winner(&state.trick, state.trump);
    let cards: Vec<String> = state.trick.iter().map(|(_, c)| c.code()).collect();
    let mut taken = 0;
    for (_, c) in std::mem::take(&mut state.trick) {
        state.won[usize::from(winner)].add(c);
        taken += c.points();
    }
    state.tricks += 1;
    state.leader = winner;
    state.last = Some(format!(
        "trick {}: {} taken by {} for {taken} points",
        state.tricks,
        cards.join(" "),
        seat_name(winner)
    ));
    if state.stock > 0 || state.turned.is_some() {
        let mut order = vec![winner];
        while order.len() < usize::from(state.seats()) {
            order.push(state.next(*order.last().unwrap_or(&winner)));
        }
        state.phase = Phase::Draw { order };
    } else if state.hands.iter().all(Hand::is_empty) {
        if state.chiamata && one_hand {
            state.phase = Phase::Over {
                outcome: super::auction::settle(state),
            };
        } else if state.chiamata {
            super::auction::end_hand(state);
        } else {
            state.phase = Phase::Over {
                outcome: outcome(state),
            };
        }
    } else {
        state.phase = Phase::Play { current: winner };
    }
    Ok(())
}

/// How a finished hand of plain briscola ended: by card points per team (or seat).
fn outcome(state: &mut State) -> Outcome {
    let mut teams: Vec<u8> = state.teams.clone();
    teams.sort_unstable();
    teams.dedup();
    let totals: Vec<(u8, u32)> = teams
        .iter()
        .map(|t| (*t, state.members(*t).iter().map(|s| state.points(*s)).sum()))
        .collect();
    let best = totals.iter().map(|(_, p)| *p).max().unwrap_or(0);
    let text: Vec<String> = totals
        .iter()
        .map(|(t, p)| {
            let names: Vec<String> = state.members(*t).iter().map(|s| seat_name(*s)).collect();
            format!("{} {p}", names.join("+"))
        })
        .collect();
    let reason = format!("card points {}", text.join(", "));
    let top: Vec<u8> = totals.iter().filter(|(_, p)| *p == best).map(|(t, _)| *t).collect();
    if top.len() == totals.len() {
        return Outcome::draw(reason);
    }
    let winners = (0..state.seats())
        .filter(|s| top.contains(&state.teams[usize::from(*s)]))
        .collect();
    Outcome { winners, reason }
}
