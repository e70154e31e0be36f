package dev.apogee.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Picks a free port for {@code listenPort=0} (tests, embedded use). The broker must know its port before it starts
 * serving, because the port is part of every stored message's store host and offset id.
 */
final class FreePort {
    private FreePort() {
    }

    static int pick(String bindAddress) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(bindAddress))) {
            return socket.getLocalPort();
        }
    }
}
