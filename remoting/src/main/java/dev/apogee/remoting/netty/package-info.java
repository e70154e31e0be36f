/**
 * The Netty transport: {@link dev.apogee.remoting.netty.NettyRemotingServer} and
 * {@link dev.apogee.remoting.netty.NettyRemotingClient}, both {@link dev.apogee.remoting.netty.RemotingEndpoint}s.
 *
 * <p>Threads: each connection's event loop decodes frames, routes responses to the correlation table and hands
 * requests to the executor registered for their code — or, for a request its processor declares cheap
 * ({@link dev.apogee.remoting.netty.RequestProcessor#processesOnEventLoop}, the broker's near-the-end pulls and oneway
 * sends to known topics), processes it right there — an ordered one only while its lane is idle. Processors answer on their
 * executor or later from any thread through {@link dev.apogee.remoting.netty.RemotingResponder}. Every outgoing
 * command goes through its channel's {@code WriteQueue}: written from any thread, flushed once per burst by one
 * event-loop task (written at once when already on the event loop). One scanner thread
 * per endpoint expires requests; one event thread per endpoint delivers connection events; async completions run
 * on the endpoint's callback executor. Processor registration happens before start and is read-only afterwards.
 *
 * <p>Ordering: requests of codes registered with {@code registerProcessor} may run in any order (several executor
 * threads). Requests of codes registered with {@code registerOrderedProcessor} are processed in the order they
 * arrived on their connection among those with the same {@link dev.apogee.remoting.netty.LaneKey} in the same
 * {@link dev.apogee.remoting.netty.LaneGroup} (each connection has its own lanes; a lane runs one request at a time on
 * the shared executor). The broker uses this for sends: one connection's sends to one topic queue are stored in the
 * order they were written to the socket, also when the client pipelines them (async or oneway).
 *
 * <p>Observability: requests waiting for an executor are stamped when queued, so
 * {@link dev.apogee.remoting.netty.ExecutorLoad} reads an executor's (or a lane group's) backlog and the wait of its
 * head from any thread. An unsupported request code is logged once per code (WARN, with the caller's address).
 *
 * <p>Hooks: a {@link dev.apogee.remoting.netty.RequestInterceptor} (the broker's ACL) checks each request on its
 * processor's executor just before the processor; a {@link dev.apogee.remoting.netty.RequestSigner} adds
 * credentials to each request a client originates; a {@link dev.apogee.remoting.netty.RequestObserver} (a server's
 * RPC latency metrics) is told about each answered request by {@link dev.apogee.remoting.netty.RemotingResponder}.
 * With TLS configured ({@code dev.apogee.remoting.tls}) the
 * first handler of every connection is the TLS sniffer (server) or the SslHandler (client).
 */
package dev.apogee.remoting.netty;
