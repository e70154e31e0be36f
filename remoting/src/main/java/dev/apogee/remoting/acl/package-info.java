/**
 * Request signatures compatible with Apache RocketMQ's ACL 1.0 ({@code AclClientRPCHook} / {@code AclUtils} /
 * {@code AclSigner}): {@link dev.apogee.remoting.acl.AclSignature} computes and checks them,
 * {@link dev.apogee.remoting.acl.AclRequestSigner} adds them to the requests of our client. The authorization side
 * (accounts, permissions, address lists) lives in the broker.
 *
 * <p>Everything here is stateless or immutable and safe from any thread. Secret keys are only ever passed to the
 * HMAC; no {@code toString} or exception in this package contains one.
 */
package dev.apogee.remoting.acl;
