/**
 * One request processor per name server request code, and {@link dev.apogee.namesrv.processor.NamesrvProcessors},
 * the table that registers each with its executor. Processors are stateless adapters: decode the header and body,
 * call the route table, KV store or config, encode the response.
 *
 * <p>Threads: the request executors (see {@code NamesrvProcessors}); never the Netty event loop.
 */
package dev.apogee.namesrv.processor;
