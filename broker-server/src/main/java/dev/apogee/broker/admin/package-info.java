/**
 * Admin commands of mqadmin / {@code DefaultMQAdminExt} (section 2.7): topic and subscription-group maintenance,
 * topic and consumer statistics (per group and for the whole broker), connections, runtime info and traffic
 * statistics, broker config, offset resets, relayed consumer running info, operator-requested store maintenance,
 * and CHECK_CLIENT_CONFIG. One processor per request code, all on the admin executor; the state they read and change
 * lives in the tables they are given. GET_CONSUMER_RUNNING_INFO answers from the remoting callback thread once the
 * consumer has answered.
 */
package dev.apogee.broker.admin;
