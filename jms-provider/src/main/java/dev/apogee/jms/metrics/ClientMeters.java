package dev.apogee.jms.metrics;

/**
 * What a connection's sessions count: messages sent (and how long a send waited for the broker), received by the
 * application, and acknowledged. See MAPPING.md "Client metrics" for what each covers.
 */
public interface ClientMeters {
    /** Counts nothing (Micrometer absent). */
    ClientMeters NONE = new ClientMeters() {
        @Override
        public void sent(int messages) {
        }

        @Override
        public void sendLatency(long nanos) {
        }

        @Override
        public void received() {
        }

        @Override
        public void acknowledged(int messages) {
        }
    };

    /** {@code messages} were sent (stored by the broker, handed to the connection for NON_PERSISTENT, committed). */
    void sent(int messages);

    /** One non-transacted send took {@code nanos} from the call to the broker's answer (or to the hand-off, oneway). */
    void sendLatency(long nanos);

    /** The application got one message (a {@code receive} returned it, or {@code onMessage} was called with it). */
    void received();

    /** The session acknowledged {@code messages} (AUTO/DUPS_OK after delivery, CLIENT at acknowledge, commit). */
    void acknowledged(int messages);
}
