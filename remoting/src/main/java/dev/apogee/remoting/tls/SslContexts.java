package dev.apogee.remoting.tls;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/**
 * Builds Netty {@link SslContext}s from a {@link TlsConfig}, with the JDK provider (no native library needed).
 * Failures name the file at fault, never a password.
 */
public final class SslContexts {
    private SslContexts() {
    }

    /** The server context; the config must name a certificate + key or a PKCS12 key store. */
    public static SslContext forServer(TlsConfig config) throws SSLException {
        SslContextBuilder builder;
        if (config.getKeyStorePath() != null) {
            builder = SslContextBuilder.forServer(keyManagers(config));
        } else if (config.getCertPath() != null && config.getKeyPath() != null) {
            builder = SslContextBuilder.forServer(existing(config.getCertPath()), existing(config.getKeyPath()),
                    config.getKeyPassword());
        } else {
            throw new SSLException("TLS server needs certPath + keyPath or keyStorePath");
        }
        if (config.isVerifyPeer()) {
            builder.clientAuth(ClientAuth.REQUIRE);
            if (config.getTrustCertPath() != null) {
                builder.trustManager(existing(config.getTrustCertPath()));
            }
        }
        return builder.sslProvider(SslProvider.JDK).build();
    }

    /** The client context: own identity optional (mutual TLS), server verification per {@link TlsConfig}. */
    public static SslContext forClient(TlsConfig config) throws SSLException {
        SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK);
        if (config.getKeyStorePath() != null) {
            builder.keyManager(keyManagers(config));
        } else if (config.getCertPath() != null && config.getKeyPath() != null) {
            builder.keyManager(existing(config.getCertPath()), existing(config.getKeyPath()), config.getKeyPassword());
        }
        if (!config.isVerifyPeer()) {
            builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
        } else if (config.getTrustCertPath() != null) {
            builder.trustManager(existing(config.getTrustCertPath()));
        }
        return builder.build();
    }

    private static KeyManagerFactory keyManagers(TlsConfig config) throws SSLException {
        Path path = existing(config.getKeyStorePath()).toPath();
        char[] password = config.getKeyStorePassword() == null ? new char[0]
                : config.getKeyStorePassword().toCharArray();
        try (InputStream in = Files.newInputStream(path)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(store, password);
            return factory;
        } catch (IOException | GeneralSecurityException e) {
            // The exception text of a wrong password says so without echoing it.
            throw new SSLException("cannot read PKCS12 key store " + path + ": " + e.getMessage(), e);
        }
    }

    private static File existing(String path) throws SSLException {
        File file = new File(path);
        if (!file.isFile()) {
            throw new SSLException("TLS file " + path + " does not exist or is not a file");
        }
        return file;
    }
}
