/**
 * The client side of the branch protocol: {@link dev.apogee.client.transaction.BranchClient} sends halves of a
 * branch and prepares, commits, rolls back, recovers and forgets branches on brokers; failures carry a
 * {@link dev.apogee.client.transaction.BranchException.Reason} the XA layer maps to its error codes. The JMS
 * provider's transacted sessions and XA resources are its users. Threads: any caller thread; the client keeps no
 * per-branch state (the caller tracks halves, offset acks and pop acks), only the broker-name directory, a concurrent map.
 */
package dev.apogee.client.transaction;
