/**
 * Which consumers consume which queues, and how: the request-mode table (SET_MESSAGE_REQUEST_MODE,
 * GET_ALL_MESSAGE_REQUEST_MODE, persisted as {@code messageRequestMode.json}) and QUERY_ASSIGNMENT, which the
 * official push consumer asks when {@code clientRebalance} is off. Processors run on the admin and client-manage
 * executors; the table is a concurrent map.
 */
package dev.apogee.broker.pop.assignment;
