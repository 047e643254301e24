//! Hand-built positions entered as at a table.
