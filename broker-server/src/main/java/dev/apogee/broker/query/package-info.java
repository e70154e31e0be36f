/**
 * Finding stored messages for tools and clients: QUERY_MESSAGE by key or unique key (the store's index) and
 * VIEW_MESSAGE_BY_ID by commit-log offset. Stateless processors on the admin executor.
 */
package dev.apogee.broker.query;
