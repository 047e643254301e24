//! The examples seed 004 gives for Splendor, each as a test.
