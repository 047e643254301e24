//! One battle's arithmetic: each card's attack with the specials of 1, 4, 7, 10, 13 and 16
//! (or 14 after promotion), the alliances' sums with Q, K and the horn, J's retreat, and the
//! spoils and flag that follow. Pure functions of the state; it never decides who acts.

use serde::{Deserialize, Serialize};

use super::cards::{seat_name, Card, Cards, J, K, Q};
use super::state::State;

/// An attack: minus infinity (Q), a number, or infinity (K).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Attack {
    Minus,
    Of(i32),
    Plus,
}

impl Attack {
    pub fn text(self) -> String {
        match self {
            Attack::Minus => "-inf".into(),
            Attack::Of(n) => n.to_string(),
            Attack::Plus => "+inf".into(),
        }
    }
}

/// A card's own attack before the specials that look at the ally's card (1, 7, 16).
fn own_attack(card: Card, battle: u8, used: Cards, promotion: bool) -> Attack {
    match card {
        J => return Attack::Of(0),
        Q => return Attack::Minus,
        K => return Attack::Plus,
        _ => {}
    }
    let rank = i32::from(card.0) + 1;
    let bonus = match rank {
        10..=16 if promotion => 2,
        17 if promotion => 1,
        _ => 0,
    };
    let base = match rank {
        4 if battle >= 5 => 5,
        10 if !promotion && (7..=9).any(|r| used.has(Card::rank(r))) => 5,
        13 if !promotion && battle >= 10 => 0,
        _ => rank,
    };
    Attack::Of(base + bonus)
}

/// The seat whose card in this battle is the espionage's spy, if it was played.
pub fn spy_seat(state: &State, cards: &[Card; 4]) -> Option<u8> {
    state
        .spy
        .filter(|spy| cards[usize::from(spy.victim)] == spy.card)
        .map(|spy| spy.victim)
}

/// The attack of every card laid down in a battle, seat by seat. A spy card keeps its own
/// value alone: it neither gives nor takes the specials of 1, 7 and 16 with its kingdom's ally.
pub fn attacks(state: &State, cards: &[Card; 4]) -> [Attack; 4] {
    let spy = spy_seat(state, cards).map(usize::from);
    let own: Vec<Attack> = (0..4)
        .map(|s| own_attack(cards[s], state.battle, state.used[s], state.promotion))
        .collect();
    let booster = Card::rank(if state.promotion { 14 } else { 16 });
    let boosting = (5..=10).contains(&state.battle);
    let mut out = [Attack::Of(0); 4];
    for seat in 0..4 {
        let ally = usize::from(state.allies[seat]);
        let mut attack = own[seat];
        if spy == Some(seat) || spy == Some(ally) {
            out[seat] = attack;
            continue;
        }
        if cards[seat] == Card::rank(1) && matches!(own[ally], Attack::Of(1..=4)) {
            attack = Attack::Of(11);
        }
        if cards[seat] == Card::rank(7) && cards[ally] == Card::rank(7) {
            attack = Attack::Of(24);
        }
        if boosting && cards[ally] == booster {
            if let Attack::Of(n) = attack {
                attack = Attack::Of(n + 16);
            }
        }
        out[seat] = attack;
    }
    out
}

/// An alliance's sum of the cards fighting for it: infinity with a K, minus infinity with a Q
/// and no K, otherwise the sum and the bonus (the horn's 20, the missile's 15).
pub fn alliance_sum(fighting: &[(Card, Attack)], bonus: i32) -> Attack {
    if fighting.iter().any(|(card, _)| *card == K) {
        return Attack::Plus;
    }
    if fighting.iter().any(|(card, _)| *card == Q) {
        return Attack::Minus;
    }
    let sum: i32 = fighting
        .iter()
        .map(|(_, a)| match a {
            Attack::Of(n) => *n,
            _ => 0,
        })
        .sum();
    Attack::Of(sum + bonus)
}

/// What a battle came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Result {
    /// The two kingdoms that won, or `None` for a draw.
    pub winners: Option<[u8; 2]>,
    /// What each kingdom gains.
    pub gains: [u32; 4],
    /// The kingdom that took the extra spoil (and so the flag).
    pub extra: Option<u8>,
    /// The battle in words.
    pub text: String,
}

/// Fights the battle of `state` with the cards turned up, the horn blown or not.
pub fn fight(state: &State, cards: &[Card; 4]) -> Result {
    let attacks = attacks(state, cards);
    let first = 0u8;
    let second = state.allies[0];
    let sides: Vec<[u8; 2]> = vec![[first, second], {
        let mut rest = (0..4u8).filter(|s| *s != first && *s != second);
        [rest.next().unwrap_or(1), rest.next().unwrap_or(3)]
    }];
    let spy = spy_seat(state, cards);
    let sums: Vec<Attack> = sides
        .iter()
        .map(|side| {
            let horn = state.horn_blown && state.horn.is_some_and(|h| side.contains(&h));
            let missile = state.missile_fired && state.missile.is_some_and(|m| side.contains(&m));
            let mut fighting: Vec<u8> = side.iter().copied().filter(|s| Some(*s) != spy).collect();
            if let (Some(victim), Some(owner)) = (spy, state.spy.map(|s| s.owner)) {
                if side.contains(&owner) {
                    fighting.push(victim);
                }
            }
            let fighting: Vec<(Card, Attack)> = fighting
                .iter()
                .map(|s| (cards[usize::from(*s)], attacks[usize::from(*s)]))
                .collect();
            alliance_sum(&fighting, if horn { 20 } else { 0 } + if missile { 15 } else { 0 })
        })
        .collect();
    let stake = state.carried + state.fresh;
    let played: Vec<String> = (0..4u8)
        .map(|s| {
            format!(
                "{} {} ({})",
                seat_name(s),
                cards[usize::from(s)].code(),
                attacks[usize::from(s)].text()
            )
        })
        .collect();
    let mut text = format!(
        "battle {}: {}; {}+{} {} against {}+{} {}",
        state.battle,
        played.join(", "),
        seat_name(sides[0][0]),
        seat_name(sides[0][1]),
        sums[0].text(),
        seat_name(sides[1][0]),
        seat_name(sides[1][1]),
        sums[1].text()
    );
    let retreat = cards.contains(&J) && !cards.contains(&Q) && !cards.contains(&K);
    let mut result = Result {
        winners: None,
        gains: [0; 4],
        extra: None,
        text: String::new(),
    };
    if retreat || sums[0] == sums[1] {
        text.push_str(&format!(
            ": drawn{}, {stake} spoils carried over",
            if retreat { " by J's retreat" } else { "" }
        ));
        result.text = text;
        return result;
    }
    let won = if sums[0] > sums[1] { sides[0] } else { sides[1] };
    for seat in won {
        result.gains[usize::from(seat)] = stake;
    }
    let [a, b] = won.map(|s| attacks[usize::from(s)]);
    if a != b {
        let lower = if a < b { won[0] } else { won[1] };
        result.gains[usize::from(lower)] += 1;
        result.extra = Some(lower);
    }
    text.push_str(&format!(
        ": {} and {} win {stake} spoils each",
        seat_name(won[0]),
        seat_name(won[1])
    ));
    if let Some(lower) = result.extra {
        text.push_str(&format!(", {} one more and the flag", seat_name(lower)));
    }
    result.winners = Some(won);
    result.text = text;
    result
}
