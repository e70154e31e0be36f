/**
 * Admin commands of mqadmin / {@code DefaultMQAdminExt} (section 2.7): topic and subscription-group maintenance,
 * topic and consumer statistics, connections, runtime info, broker config, and CHECK_CLIENT_CONFIG. One processor
 * per request code, all on the admin executor; the state they read and change lives in the tables they are given.
 */
package dev.apogee.broker.admin;
