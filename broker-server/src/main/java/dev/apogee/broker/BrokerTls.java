package dev.apogee.broker;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.tls.TlsConfig;
import dev.apogee.remoting.tls.TlsMode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Turns the broker's {@code tls*} settings into the remoting server's {@link TlsConfig}. */
final class BrokerTls {
    private BrokerTls() {
    }

    /** Reads the password file, if any, so a missing one fails the start before anything is opened. */
    static TlsConfig of(BrokerConfig config) throws IOException {
        TlsConfig tls = new TlsConfig().setEnabled(config.isTlsEnable());
        if (!config.isTlsEnable()) {
            return tls;
        }
        String password = config.getTlsServerKeyPasswordFile() == null ? null
                : Files.readString(Path.of(config.getTlsServerKeyPasswordFile()), StandardCharsets.UTF_8).strip();
        return tls.setMode(TlsMode.parse(config.getTlsMode()))
                .setCertPath(config.getTlsServerCertPath())
                .setKeyPath(config.getTlsServerKeyPath())
                .setKeyPassword(password)
                .setKeyStorePath(config.getTlsServerKeyStorePath())
                .setKeyStorePassword(password)
                .setTrustCertPath(config.getTlsServerTrustCertPath())
                .setVerifyPeer(config.isTlsServerNeedClientAuth());
    }
}
