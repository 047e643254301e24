//! The notation of Concordia entries: chance entries (`cities`, `draw`) and one command per
//! card played, parsed against the position and written back in one canonical form. It
//! never checks a rule beyond what the words need: the actions do.

use crate::actions::{Keep, Move, Trade};
use crate::cards::{self, CardId, Kind};
use crate::goods::{Good, Goods};
use crate::map::RouteKind;
use crate::market::Purchase;
use crate::state::{Place, State};
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Chance: the good of every city but Roma, in map order.
    Cities(Vec<Good>),
    /// Chance: the card drawn onto the display.
    Draw(CardId),
    /// A card played from the hand, and what it does.
    Play { card: CardId, action: Action },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Tribune(Option<RouteKind>),
    Architect {
        moves: Vec<Move>,
        builds: Vec<usize>,
    },
    /// A Prefect producing in a province; what each seat keeps when its goods overflow.
    Produce(usize, Keep),
    PrefectCash,
    Mercator(Vec<Trade>),
    Colonists(Vec<(RouteKind, usize)>),
    ColonistCash,
    /// Copies the top card of a seat's discard pile, doing `action` with it.
    Diplomat {
        from: u8,
        action: Box<Action>,
    },
    Buy(Vec<Purchase>),
    /// A specialist; what its player keeps when the goods overflow.
    Specialist(Keep),
}

pub(crate) fn city(state: &State, word: &str) -> Result<usize, RuleError> {
    match state.board().city(word) {
        Some(c) => Ok(c),
        None => kifu_core::refuse!("'{word}' is no city of the {} map", state.board().name),
    }
}

pub(crate) fn place(state: &State, word: &str) -> Result<Place, RuleError> {
    match route(word) {
        Some(r) if r < state.board().routes.len() => Ok(Place::Route(r)),
        Some(r) => kifu_core::refuse!("there is no route r{r}"),
        None => Ok(Place::City(city(state, word)?)),
    }
}

pub(crate) fn route(word: &str) -> Option<usize> {
    word.strip_prefix(['r', 'R'])?.parse().ok()
}

fn good(word: &str) -> Result<Good, RuleError> {
    match Good::parse(word) {
        Some(g) => Ok(g),
        None => kifu_core::refuse!("'{word}' is not a good (brick, food, tool, wine, cloth)"),
    }
}

pub(crate) fn kind(word: &str) -> Result<RouteKind, RuleError> {
    let mut chars = word.chars();
    match (chars.next().and_then(RouteKind::parse), chars.next()) {
        (Some(k), None) => Ok(k),
        _ => kifu_core::refuse!("'{word}' is not a colonist kind (L for land, S for sea)"),
    }
}

fn number(word: &str, what: &str) -> Result<u32, RuleError> {
    match word.parse::<u32>() {
        Ok(n) if n <= 100 => Ok(n),
        _ => kifu_core::refuse!("'{word}' is not {what}"),
    }
}

/// Reads `keep pN:GOOD,GOOD.. ..`: what each seat keeps of goods that overflow its
/// storehouse (empty words: no choice recorded).
fn keep(state: &State, words: &[&str]) -> Result<Keep, RuleError> {
    let Some((first, rest)) = words.split_first() else {
        return Ok(Keep::new());
    };
    if !first.eq_ignore_ascii_case("keep") || rest.is_empty() {
        kifu_core::refuse!("'{}': only 'keep pN:GOOD,GOOD ...' may follow", words.join(" "));
    }
    let mut list = Keep::new();
    for w in rest {
        let Some((who, goods)) = w.split_once(':') else {
            kifu_core::refuse!("'{w}' is not a seat's choice (p1:cloth,wine)");
        };
        let seat = match who.strip_prefix(['p', 'P']).and_then(|n| n.parse::<u8>().ok()) {
            Some(n) if n >= 1 && n <= state.seats() => n - 1,
            _ => kifu_core::refuse!("'{who}' is not a seat of this game"),
        };
        if list.iter().any(|(s, _)| *s == seat) {
            kifu_core::refuse!("keep names {who} twice");
        }
        let mut kept = Goods::default();
        for g in goods.split(',').filter(|g| !g.is_empty()) {
            kept.add(good(g)?, 1);
        }
        list.push((seat, kept));
    }
    Ok(list)
}

fn keep_words(keep: &Keep) -> Vec<String> {
    if keep.is_empty() {
        return Vec::new();
    }
    let mut w = vec!["keep".to_string()];
    for (seat, goods) in keep {
        let names: Vec<&str> = Good::ALL
            .iter()
            .flat_map(|g| std::iter::repeat_n(g.name(), goods.count(*g) as usize))
            .collect();
        w.push(format!("p{}:{}", seat + 1, names.join(",")));
    }
    w
}

/// Reads the action of a card of `kind` from the words after its name.
pub(crate) fn action(state: &State, seat: u8, kind: Kind, words: &[&str]) -> Result<Action, RuleError> {
    Ok(match kind {
        Kind::Tribune => match words {
            [] => Action::Tribune(None),
            [k] => Action::Tribune(Some(self::kind(k)?)),
            _ => kifu_core::refuse!("tribune takes at most a colonist kind (tribune L)"),
        },
        Kind::Architect => {
            let mut moves = Vec::new();
            let mut builds = Vec::new();
            let mut building = false;
            for w in words {
                if w.eq_ignore_ascii_case("build") {
                    building = true;
                } else if building {
                    builds.push(city(state, w)?);
                } else {
                    let Some((from, to)) = w.split_once('>') else {
                        kifu_core::refuse!("'{w}' is not a move (L:Roma>r12) nor 'build'");
                    };
                    let Some((k, at)) = from.split_once(':') else {
                        kifu_core::refuse!("'{w}': a move names the colonist as L:PLACE or S:PLACE");
                    };
                    let Some(to) = route(to).filter(|r| *r < state.board().routes.len()) else {
                        kifu_core::refuse!("'{to}' is not a route of this map (r0, r1, ...)");
                    };
                    moves.push(Move {
                        kind: self::kind(k)?,
                        from: place(state, at)?,
                        to,
                    });
                }
            }
            Action::Architect { moves, builds }
        }
        Kind::Prefect => match words {
            [w] if w.eq_ignore_ascii_case("cash") => Action::PrefectCash,
            [w, rest @ ..] if !w.eq_ignore_ascii_case("cash") => match state
                .board()
                .provinces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(w))
            {
                Some(p) => Action::Produce(p, keep(state, rest)?),
                None => kifu_core::refuse!("'{w}' is no province of this map, nor 'cash'"),
            },
            _ => kifu_core::refuse!("prefect takes a province or 'cash'"),
        },
        Kind::Mercator => {
            let mut trades = Vec::new();
            for chunk in words.chunks(3) {
                let [verb, n, g] = chunk else {
                    kifu_core::refuse!("a trade is 'sell N GOOD' or 'buy N GOOD'");
                };
                let sell = match verb.to_ascii_lowercase().as_str() {
                    "sell" => true,
                    "buy" => false,
                    _ => kifu_core::refuse!("'{verb}' is not sell or buy"),
                };
                trades.push(Trade {
                    sell,
                    good: good(g)?,
                    count: number(n, "a count of goods")?,
                });
            }
            Action::Mercator(trades)
        }
        Kind::Colonist => match words {
            [w] if w.eq_ignore_ascii_case("cash") => Action::ColonistCash,
            _ => {
                let mut list = Vec::new();
                for w in words {
                    let Some((k, c)) = w.split_once('@') else {
                        kifu_core::refuse!("'{w}' is not a colonist placed (L@Roma) nor 'cash'");
                    };
                    list.push((self::kind(k)?, city(state, c)?));
                }
                Action::Colonists(list)
            }
        },
        Kind::Diplomat => {
            let Some((who, rest)) = words.split_first() else {
                kifu_core::refuse!("diplomat names the seat whose card it copies (diplomat p2 ...)");
            };
            let from = match who.strip_prefix(['p', 'P']).and_then(|n| n.parse::<u8>().ok()) {
                Some(n) if n >= 1 && n <= state.seats() => n - 1,
                _ => kifu_core::refuse!("'{who}' is not a seat of this game"),
            };
            if from == seat {
                kifu_core::refuse!("a Diplomat copies another player's card");
            }
            let Some(top) = state.players[usize::from(from)].discard.last() else {
                kifu_core::refuse!("{who} has no played card to copy");
            };
            let copied = cards::get(*top).kind;
            if copied == Kind::Diplomat {
                kifu_core::refuse!("a Diplomat may not copy a Diplomat");
            }
            let Some((word, rest)) = rest.split_first() else {
                kifu_core::refuse!("diplomat {who} names the card it copies ({})", copied.word());
            };
            if Kind::parse(word) != Some(copied) {
                kifu_core::refuse!("{who}'s top card is a {}, not '{word}'", copied.word());
            }
            Action::Diplomat {
                from,
                action: Box::new(action(state, seat, copied, rest)?),
            }
        }
        Kind::Senator | Kind::Consul => {
            let mut list = Vec::new();
            for w in words {
                let mut parts = w.split(':');
                let slot = number(parts.next().unwrap_or(""), "a display slot (1-7)")?;
                if !(1..=7).contains(&slot) {
                    kifu_core::refuse!("'{w}': display slots are 1 to 7");
                }
                let any = parts.map(good).collect::<Result<Vec<_>, _>>()?;
                list.push(Purchase {
                    slot: slot as usize - 1,
                    any,
                });
            }
            Action::Buy(list)
        }
        Kind::Specialist(_) => Action::Specialist(keep(state, words)?),
    })
}

/// The hand card a word names: `WORD` or `WORD/N` with N the deck numeral (`/s` for a
/// starting card), needed only when the hand holds that kind from more than one deck.
/// A deck as a card's suffix writes it: `s` for the starting hand, `I`..`V` for the decks.
pub(crate) fn deck_number(word: &str) -> Result<u8, RuleError> {
    if word.eq_ignore_ascii_case("s") {
        return Ok(0);
    }
    match cards::NUMERALS.iter().position(|x| x.eq_ignore_ascii_case(word)) {
        Some(i) => Ok(i as u8 + 1),
        None => kifu_core::refuse!("'/{word}' is not a deck (s, I, II, III, IV, V)"),
    }
}

/// The suffix word of deck `deck` (0 for the starting hand).
pub(crate) fn deck_word(deck: u8) -> &'static str {
    if deck == 0 {
        "s"
    } else {
        cards::NUMERALS[usize::from(deck) - 1]
    }
}

fn hand_card(state: &State, seat: u8, word: &str) -> Result<CardId, RuleError> {
    let (name, deck) = match word.split_once('/') {
        Some((n, d)) => (n, Some(d)),
        None => (word, None),
    };
    let Some(kind) = Kind::parse(name) else {
        kifu_core::refuse!("'{name}' is not a personality card");
    };
    let hand = &state.players[usize::from(seat)].hand;
    let mut held: Vec<CardId> = hand.iter().copied().filter(|c| cards::get(*c).kind == kind).collect();
    if let Some(d) = deck {
        let n = deck_number(d)?;
        held.retain(|c| cards::get(*c).deck == n);
    }
    held.sort_unstable();
    held.dedup_by_key(|c| cards::get(*c).deck);
    match held.as_slice() {
        [] => kifu_core::refuse!("p{} holds no {word}", seat + 1),
        [one] => Ok(*one),
        _ => kifu_core::refuse!(
            "p{} holds {name} cards of several decks: write {name}/s or {name}/II ...",
            seat + 1
        ),
    }
}

pub fn parse_play(state: &State, seat: u8, text: &str) -> Result<Command, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        kifu_core::refuse!("empty command: play a card (tribune, architect, prefect, ...)");
    };
    let card = hand_card(state, seat, first)?;
    let action = action(state, seat, cards::get(card).kind, rest)?;
    Ok(Command::Play { card, action })
}

pub fn parse_chance(state: &State, text: &str) -> Result<Command, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["cities", letters] => {
            let goods = letters
                .chars()
                .map(|c| good(&c.to_string()))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Command::Cities(goods))
        }
        ["draw", name] => {
            let Some(deck) = state.drawing_deck() else {
                kifu_core::refuse!("the decks are used up");
            };
            match cards::in_deck(deck as u8 + 1, name) {
                Some(id) => Ok(Command::Draw(id)),
                None => kifu_core::refuse!("deck {} has no card '{name}'", cards::NUMERALS[deck]),
            }
        }
        _ => kifu_core::refuse!("chance enters 'cities LETTERS' or 'draw CARD'"),
    }
}

pub(crate) fn action_words(state: &State, action: &Action) -> Vec<String> {
    let board = state.board();
    let place = |p: &Place| crate::actions::place_name(state, *p);
    match action {
        Action::Tribune(k) => k.iter().map(|k| k.letter().to_string()).collect(),
        Action::Architect { moves, builds } => {
            let mut w: Vec<String> = moves
                .iter()
                .map(|m| format!("{}:{}>r{}", m.kind.letter(), place(&m.from), m.to))
                .collect();
            if !builds.is_empty() {
                w.push("build".into());
                w.extend(builds.iter().map(|c| board.cities[*c].code.clone()));
            }
            w
        }
        Action::Produce(p, keep) => {
            let mut w = vec![board.provinces[*p].name.clone()];
            w.extend(keep_words(keep));
            w
        }
        Action::PrefectCash | Action::ColonistCash => vec!["cash".into()],
        Action::Mercator(trades) => trades
            .iter()
            .flat_map(|t| {
                let verb = if t.sell { "sell" } else { "buy" };
                [verb.to_string(), t.count.to_string(), t.good.name().to_string()]
            })
            .collect(),
        Action::Colonists(list) => list
            .iter()
            .map(|(k, c)| format!("{}@{}", k.letter(), board.cities[*c].code))
            .collect(),
        Action::Diplomat { from, action } => {
            let top = state.players[usize::from(*from)].discard.last().copied().unwrap_or(0);
            let mut w = vec![format!("p{}", from + 1), cards::get(top).kind.word().to_string()];
            w.extend(action_words(state, action));
            w
        }
        Action::Buy(list) => list
            .iter()
            .map(|p| {
                let mut s = (p.slot + 1).to_string();
                p.any.iter().for_each(|g| s.push_str(&format!(":{}", g.name())));
                s
            })
            .collect(),
        Action::Specialist(keep) => keep_words(keep),
    }
}

/// The canonical text of a command in `state` (before it applies).
pub fn format(state: &State, command: &Command) -> String {
    match command {
        Command::Cities(goods) => format!("cities {}", goods.iter().map(|g| g.letter()).collect::<String>()),
        Command::Draw(id) => format!("draw {}", cards::get(*id).name),
        Command::Play { card, action } => {
            let c = cards::get(*card);
            let seat = usize::from(state.current);
            let decks: Vec<u8> = state
                .players
                .get(seat)
                .map(|p| {
                    p.hand
                        .iter()
                        .map(|h| cards::get(*h))
                        .filter(|h| h.kind == c.kind)
                        .map(|h| h.deck)
                        .collect()
                })
                .unwrap_or_default();
            let mut head = c.kind.word().to_string();
            if decks.iter().any(|d| *d != c.deck) {
                head = format!("{head}/{}", deck_word(c.deck));
            }
            let mut words = vec![head];
            words.extend(action_words(state, action));
            words.join(" ")
        }
    }
}
