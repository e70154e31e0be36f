package dev.apogee.standalone.admin;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.remoting.acl.AclRequestSigner;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connection of one apogee-admin run to the name server and brokers: an {@link AdminClient} plus the client
 * settings (name server, ACL signature) the commands' own producers and readers reuse.
 */
final class BrokerAccess implements AutoCloseable {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final String namesrv;
    private final String accessKey;
    private final String secretKey;
    private final AdminClient admin;

    BrokerAccess(String namesrv, String accessKey, String secretKey) {
        this.namesrv = namesrv;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.admin = new AdminClient(clientConfig());
        admin.start();
    }

    AdminClient admin() {
        return admin;
    }

    String namesrv() {
        return namesrv;
    }

    /** Settings for one more client instance of this run (each gets its own instance name). */
    ClientConfig clientConfig() {
        ClientConfig config = new ClientConfig().setNamesrvAddress(namesrv)
                .setInstanceName("apogee-admin-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet());
        if (accessKey != null && !accessKey.isEmpty()) {
            config.setRequestSigner(new AclRequestSigner(accessKey, secretKey == null ? "" : secretKey));
        }
        return config;
    }

    /** A group name for this run's own short-lived readers, unlike any application's. */
    static String privateGroup(String purpose) {
        return "APOGEE_ADMIN_" + purpose + "_" + ProcessHandle.current().pid() + "_" + INSTANCES.incrementAndGet();
    }

    @Override
    public void close() {
        admin.shutdown();
    }
}
