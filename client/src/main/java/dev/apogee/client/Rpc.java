package dev.apogee.client;

import dev.apogee.remoting.exception.RemotingConnectException;
import dev.apogee.remoting.exception.RemotingException;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.netty.AnsweredSlot;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.OnewaySlot;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls over the shared remoting client, translating transport failures into {@link MQClientException} and error
 * responses into {@link MQBrokerException}. Name server calls stick to one address and move on to the next one
 * after a failure, like the official client. Thread-safe.
 */
public final class Rpc {
    private final NettyRemotingClient remoting;
    private final List<String> namesrvs;
    private final AtomicInteger namesrvIndex = new AtomicInteger();

    public Rpc(NettyRemotingClient remoting, String namesrvAddresses) {
        this.remoting = remoting;
        this.namesrvs = new ArrayList<>();
        if (namesrvAddresses != null) {
            Arrays.stream(namesrvAddresses.split(";")).map(String::trim).filter(s -> !s.isEmpty())
                    .forEach(namesrvs::add);
        }
    }

    /** Calls {@code address} and returns whatever it answered. */
    public RemotingCommand call(String address, RemotingCommand request, long timeoutMillis)
            throws MQClientException, InterruptedException {
        if (address == null) {
            throw new MQClientException(MQClientException.BROKER_NOT_EXIST_EXCEPTION,
                    "no address to send request code " + request.code() + " to");
        }
        try {
            return remoting.invokeSync(address, request, timeoutMillis);
        } catch (RemotingException e) {
            throw translate(address, e);
        }
    }

    /** Calls {@code address}; a non-SUCCESS answer becomes an {@link MQBrokerException}. */
    public RemotingCommand callOk(String address, RemotingCommand request, long timeoutMillis)
            throws MQClientException, InterruptedException {
        RemotingCommand response = call(address, request, timeoutMillis);
        if (response.code() != ResponseCode.SUCCESS) {
            throw new MQBrokerException(response.code(), response.remark(), address);
        }
        return response;
    }

    /** Calls {@code address} asynchronously; failures complete the future with an {@link MQClientException}. */
    public CompletableFuture<RemotingCommand> callAsync(String address, RemotingCommand request, long timeoutMillis) {
        return callAsync(address, request, timeoutMillis, false);
    }

    /**
     * {@link #callAsync(String, RemotingCommand, long)}; with {@code inline} the future completes on the remoting
     * thread that got the answer (no hand-off to the callback executor): dependent stages must be short and never
     * block.
     */
    public CompletableFuture<RemotingCommand> callAsync(String address, RemotingCommand request, long timeoutMillis,
            boolean inline) {
        if (address == null) {
            return CompletableFuture.failedFuture(new MQClientException(
                    MQClientException.BROKER_NOT_EXIST_EXCEPTION, "no address for request code " + request.code()));
        }
        return remoting.invokeAsync(address, request, timeoutMillis, inline).handle((response, error) -> {
            if (error != null) {
                throw new CompletionException(failure(address, error));
            }
            return response;
        });
    }

    /** Sends a oneway request. */
    public void oneway(String address, RemotingCommand request, long timeoutMillis)
            throws MQClientException, InterruptedException {
        if (address == null) {
            throw new MQClientException(MQClientException.BROKER_NOT_EXIST_EXCEPTION,
                    "no address for oneway request code " + request.code());
        }
        try {
            remoting.invokeOneway(address, request, timeoutMillis);
        } catch (RemotingException e) {
            throw translate(address, e);
        }
    }

    /** Reserves room for one oneway request to {@code address}, written later through the slot without waiting. */
    public OnewaySlot reserveOneway(String address, long timeoutMillis)
            throws MQClientException, InterruptedException {
        if (address == null) {
            throw new MQClientException(MQClientException.BROKER_NOT_EXIST_EXCEPTION, "no address for a oneway request");
        }
        try {
            return remoting.reserveOneway(address, timeoutMillis);
        } catch (RemotingException e) {
            throw translate(address, e);
        }
    }

    /**
     * Reserves room for one answered request to {@code address}, queued later through the slot without waiting; the
     * slot's result fails with a {@link dev.apogee.remoting.exception.RemotingException}, which {@link #failure}
     * translates.
     */
    public AnsweredSlot reserveAnswered(String address, long timeoutMillis)
            throws MQClientException, InterruptedException {
        if (address == null) {
            throw new MQClientException(MQClientException.BROKER_NOT_EXIST_EXCEPTION,
                    "no address for an answered request");
        }
        try {
            return remoting.reserveAnswered(address, timeoutMillis);
        } catch (RemotingException e) {
            throw translate(address, e);
        }
    }

    /** The {@link MQClientException} a failed call to {@code address} reports, as {@link #callAsync} reports it. */
    public static MQClientException failure(String address, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof RemotingException re ? translate(address, re)
                : new MQClientException(MQClientException.CONNECT_BROKER_EXCEPTION, cause.toString(), cause);
    }

    /** Calls a name server, trying the others when one is unreachable. */
    public RemotingCommand callNamesrv(RemotingCommand request, long timeoutMillis)
            throws MQClientException, InterruptedException {
        if (namesrvs.isEmpty()) {
            throw new MQClientException(MQClientException.NO_NAME_SERVER_EXCEPTION, "no name server address set");
        }
        MQClientException last = null;
        for (int attempt = 0; attempt < namesrvs.size(); attempt++) {
            int index = Math.floorMod(namesrvIndex.get(), namesrvs.size());
            try {
                return call(namesrvs.get(index), request, timeoutMillis);
            } catch (MQClientException e) {
                last = e;
                namesrvIndex.compareAndSet(index, index + 1);
            }
        }
        throw last;
    }

    public void closeConnections(String address) {
        remoting.closeConnections(address);
    }

    static MQClientException translate(String address, RemotingException e) {
        if (e instanceof RemotingTimeoutException) {
            return new MQClientException(MQClientException.REQUEST_TIMEOUT_EXCEPTION,
                    "timed out calling " + address + ": " + e.getMessage(), e);
        }
        if (e instanceof RemotingConnectException) {
            return new MQClientException(MQClientException.CONNECT_BROKER_EXCEPTION,
                    "cannot connect to " + address + ": " + e.getMessage(), e);
        }
        return new MQClientException(MQClientException.CONNECT_BROKER_EXCEPTION,
                "calling " + address + " failed: " + e.getMessage(), e);
    }
}
