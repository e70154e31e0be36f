/**
 * The pull path: PULL_MESSAGE and LITE_PULL_MESSAGE checks, broker-side TAG filtering and the read from the store.
 * Runs on the pull executor.
 */
package dev.apogee.broker.pull;
