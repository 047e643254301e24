//! A redb record's extras for `kifu migrate`: its token hashes and its seed (opened from the
//! secrets table with the store's key), and the same stored again for a copied record. Never
//! writes a seed in the clear, and never replaces tokens or a seed a record already has.

use kifu_core::record::Hash;
use redb::ReadableTable;

use crate::backend::Extras;
use crate::error::{CreateError, ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::{number_in, HEADS, NUMBERS, SECRETS, TOKENS};
use crate::Store;

impl Store {
    /// Record `id`'s token hashes and its seed while its game runs.
    pub fn extras(&self, id: &str) -> Result<Extras, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let number = crate::read::numbered(&txn, id)?.number;
            if txn
                .open_table(HEADS)
                .map_err(StoreError::from)?
                .get(number)
                .map_err(StoreError::from)?
                .is_none()
            {
                return Err(ReadError::NotFound(id.to_string()));
            }
            let mut tokens = Vec::new();
            if let Ok(table) = txn.open_table(TOKENS) {
                for item in table
                    .range((number, "")..=(number, "\u{10ffff}"))
                    .map_err(StoreError::from)?
                {
                    let (key, value) = item.map_err(StoreError::from)?;
                    let hash: Hash = value.value();
                    tokens.push((key.value().1.to_string(), hash));
                }
            }
            let sealed = txn
                .open_table(SECRETS)
                .map_err(StoreError::from)?
                .get(number)
                .map_err(StoreError::from)?
                .map(|v| v.value().to_vec());
            let seed = match sealed {
                Some(sealed) => Some(
                    crate::secrets::SeedKey::load(&self.path, false)
                        .and_then(|key| key.open(id, &sealed))
                        .map_err(|e| ReadError::Damaged {
                            id: id.to_string(),
                            reason: e.to_string(),
                        })?,
                ),
                None => None,
            };
            Ok(Extras { tokens, seed })
        })
    }

    /// Stores a copied record's token hashes and seed (sealed under this store's key).
    pub fn set_extras(&self, id: &str, extras: &Extras) -> Result<(), CreateError> {
        guarded(|| {
            let txn = self.writer()?;
            {
                let number =
                    number_in(&txn.open_table(NUMBERS).map_err(StoreError::from)?, id).map_err(StoreError::from)?;
                let head = match number {
                    Some(number) => txn
                        .open_table(HEADS)
                        .map_err(StoreError::from)?
                        .get(number)
                        .map_err(StoreError::from)?
                        .is_some(),
                    None => false,
                };
                let (Some(number), true) = (number, head) else {
                    return Err(CreateError::Token(format!(
                        "no record with id '{id}' to give tokens to"
                    )));
                };
                let mut tokens = txn.open_table(TOKENS).map_err(StoreError::from)?;
                if tokens
                    .range((number, "")..=(number, "\u{10ffff}"))
                    .map_err(StoreError::from)?
                    .next()
                    .is_some()
                {
                    return Err(CreateError::Token(format!("record {id} has tokens already")));
                }
                for (role, hash) in &extras.tokens {
                    tokens
                        .insert((number, role.as_str()), *hash)
                        .map_err(StoreError::from)?;
                }
                if let Some(seed) = &extras.seed {
                    let mut secrets = txn.open_table(SECRETS).map_err(StoreError::from)?;
                    if secrets.get(number).map_err(StoreError::from)?.is_some() {
                        return Err(CreateError::Seed(format!("record {id} has a seed already")));
                    }
                    let sealed = crate::secrets::SeedKey::load(&self.path, true)?.seal(id, seed)?;
                    secrets.insert(number, sealed.as_slice()).map_err(StoreError::from)?;
                }
            }
            txn.commit().map_err(StoreError::from)?;
            Ok(())
        })
    }
}
