/**
 * Optional access control compatible with Apache RocketMQ's ACL 1.0 ({@code aclEnable=true}): accounts with access
 * and secret keys, per-topic and per-group permissions, admin rights and address lists, read from a
 * {@code plain_acl.yml} file ({@link dev.apogee.broker.acl.AclConfig}, parsed by
 * {@link dev.apogee.broker.acl.AclYamlReader}) and reloaded when it changes.
 *
 * <p>{@link dev.apogee.broker.acl.AclAuthorizer} is the remoting server's request interceptor: it runs on the
 * executor of each request's processor, just before the processor, and answers refusals with NO_PERMISSION (16) and
 * a remark naming the access key, request code and missing right, never a secret or a signature.
 * {@link dev.apogee.broker.acl.AclFileWatchService} owns one thread, {@code apogee-acl-watch}, that re-reads the
 * file every few seconds and swaps in a new immutable {@code AclConfig} (a volatile reference) when its content
 * changed and parses; a broken file is logged and the previous rules stay in force.
 */
package dev.apogee.broker.acl;
