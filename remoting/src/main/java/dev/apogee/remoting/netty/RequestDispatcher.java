package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * Hands each incoming request from the event loop to its processor's executor — directly, or through the
 * connection's {@link SerialLane} for its key when the code was registered ordered, or processes it right there when
 * the processor says it is cheap ({@link RequestProcessor#processesOnEventLoop}) and its lane, if any, is idle — and
 * turns every outcome into a response: unknown code → REQUEST_CODE_NOT_SUPPORTED, full executor → SYSTEM_BUSY, bad
 * header → the exception's code, anything thrown → SYSTEM_ERROR. Nothing thrown by a processor reaches the event
 * loop. The first request of each unsupported code is logged (WARN, with the caller's address), so an operator sees
 * which tool or client asks for what this endpoint lacks; later ones of the same code are answered silently.
 */
final class RequestDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    /** Distinct unsupported codes logged at most: a client cycling through codes cannot grow the set without bound. */
    static final int MAX_LOGGED_UNSUPPORTED_CODES = 1024;

    private final ProcessorTable processors;
    /** Unsupported codes already logged; added to by any event loop. */
    private final Set<Integer> loggedUnsupported = ConcurrentHashMap.newKeySet();
    private volatile RequestInterceptor interceptor;
    /** Whether requests are stamped with their arrival time for a {@link RequestObserver}; set before start. */
    private volatile boolean timed;

    RequestDispatcher(ProcessorTable processors) {
        this.processors = processors;
    }

    /** See {@link RemotingEndpoint#setRequestInterceptor}. */
    void setInterceptor(RequestInterceptor interceptor) {
        this.interceptor = interceptor;
    }

    /** See {@link RemotingEndpoint#setRequestObserver}. */
    void setTimed(boolean timed) {
        this.timed = timed;
    }

    /** Called on the event loop. */
    void dispatch(Channel channel, RemotingCommand request) {
        if (timed) {
            request.receivedNanos(System.nanoTime());
        }
        ProcessorTable.Registration registration = processors.lookup(request.code());
        if (registration == null) {
            logUnsupportedOnce(channel, request.code());
            respondError(channel, request, ResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                    " request type " + request.code() + " not supported");
            return;
        }
        if (registration.processor().rejectRequest()) {
            respondError(channel, request, ResponseCode.SYSTEM_BUSY,
                    "[REJECTREQUEST]system busy, start flow control for a while");
            return;
        }
        SerialLane lane = registration.lanes() == null ? null
                : registration.lanes().lane(channel, laneKey(registration.laneKey(), request));
        // an idle lane has nothing queued or running, and only this event loop offers to it: processing here keeps
        // the lane's order (its next request arrives on this loop, after this one is done)
        if ((lane == null || lane.pending() == 0) && onEventLoop(registration.processor(), channel, request)) {
            process(registration.processor(), channel, request);
            return;
        }
        Runnable task = new Dispatched(registration.processor(), channel, request);
        boolean accepted;
        if (lane != null) {
            accepted = lane.offer(task);
        } else {
            try {
                registration.executor().execute(task);
                accepted = true;
            } catch (RejectedExecutionException e) {
                accepted = false;
            }
        }
        if (!accepted) {
            respondError(channel, request, ResponseCode.SYSTEM_BUSY,
                    "[OVERLOAD]system busy, start flow control for a while");
        }
    }

    private void logUnsupportedOnce(Channel channel, int code) {
        if (loggedUnsupported.size() >= MAX_LOGGED_UNSUPPORTED_CODES || !loggedUnsupported.add(code)) {
            return;
        }
        LOG.warn("REMOTING-UNSUPPORTED-CODE request code {} from {} is not supported here: answered "
                + "REQUEST_CODE_NOT_SUPPORTED (logged once per code)", code, RemotingAddress.of(channel));
    }

    private static boolean onEventLoop(RequestProcessor processor, Channel channel, RemotingCommand request) {
        try {
            return processor.processesOnEventLoop(channel, request);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A key function that throws (a malformed header) must not break the event loop: lane 0, the processor answers. */
    private static int laneKey(LaneKey key, RemotingCommand request) {
        try {
            return key.of(request);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private void process(RequestProcessor processor, Channel channel, RemotingCommand request) {
        RemotingCommand response;
        try {
            RequestInterceptor check = interceptor;
            RemotingCommand refusal = check == null ? null : check.check(channel, request);
            response = refusal != null ? refusal : processor.processRequest(channel, request);
        } catch (RemotingCommandException e) {
            response = RemotingCommand.createResponse(request, e.responseCode(), e.getMessage());
        } catch (Throwable t) {
            LOG.warn("processing request code {} from {} failed", request.code(), RemotingAddress.of(channel), t);
            response = RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR, t.toString());
        }
        RemotingResponder.respond(channel, request, response);
    }

    private static void respondError(Channel channel, RemotingCommand request, int code, String remark) {
        RemotingResponder.respond(channel, request, RemotingCommand.createResponse(request, code, remark));
    }

    /** A request waiting for a thread of its executor, stamped when queued (see {@link ExecutorLoad}). */
    private final class Dispatched implements Runnable, Queued {
        private final RequestProcessor processor;
        private final Channel channel;
        private final RemotingCommand request;
        private final long queuedAtNanos = System.nanoTime();

        Dispatched(RequestProcessor processor, Channel channel, RemotingCommand request) {
            this.processor = processor;
            this.channel = channel;
            this.request = request;
        }

        @Override
        public long queuedAtNanos() {
            return queuedAtNanos;
        }

        @Override
        public void run() {
            process(processor, channel, request);
        }
    }
}
