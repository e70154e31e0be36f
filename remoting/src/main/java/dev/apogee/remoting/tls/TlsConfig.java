package dev.apogee.remoting.tls;

/**
 * TLS settings of one server or client. Plain mutable bean, filled before the endpoint starts, then only read.
 *
 * <p>Own identity: either a PEM pair ({@link #setCertPath} certificate chain, {@link #setKeyPath} PKCS#8 private key,
 * encrypted when {@link #setKeyPassword} is set) or a PKCS12 key store ({@link #setKeyStorePath},
 * {@link #setKeyStorePassword}). A server needs one; a client needs one only for mutual TLS.
 *
 * <p>Peer verification ({@link #setVerifyPeer}): a client verifies the server's certificate against
 * {@link #setTrustCertPath} (PEM CA bundle) or, without one, the JDK's default trust store; when off (the official
 * client's default, {@code tls.client.authServer=false}) it accepts any server certificate. A server with it on
 * requires a client certificate signed by a trusted CA.
 */
public final class TlsConfig {
    private boolean enabled;
    private TlsMode mode = TlsMode.PERMISSIVE;
    private String certPath;
    private String keyPath;
    private String keyPassword;
    private String keyStorePath;
    private String keyStorePassword;
    private String trustCertPath;
    private boolean verifyPeer;

    /** Whether TLS is on at all. A client with it on always speaks TLS; a server then follows {@link #getMode()}. */
    public boolean isEnabled() {
        return enabled;
    }

    public TlsConfig setEnabled(boolean enabled) {
        this.enabled = enabled;
        return this;
    }

    /** Server only: whether plaintext connections are still accepted. Default permissive, as the official server. */
    public TlsMode getMode() {
        return mode;
    }

    public TlsConfig setMode(TlsMode mode) {
        this.mode = mode;
        return this;
    }

    /** True when a server should install TLS: enabled and not in mode DISABLED. */
    public boolean serverActive() {
        return enabled && mode != TlsMode.DISABLED;
    }

    public String getCertPath() {
        return certPath;
    }

    public TlsConfig setCertPath(String certPath) {
        this.certPath = certPath;
        return this;
    }

    public String getKeyPath() {
        return keyPath;
    }

    public TlsConfig setKeyPath(String keyPath) {
        this.keyPath = keyPath;
        return this;
    }

    public String getKeyPassword() {
        return keyPassword;
    }

    public TlsConfig setKeyPassword(String keyPassword) {
        this.keyPassword = keyPassword;
        return this;
    }

    public String getKeyStorePath() {
        return keyStorePath;
    }

    public TlsConfig setKeyStorePath(String keyStorePath) {
        this.keyStorePath = keyStorePath;
        return this;
    }

    public String getKeyStorePassword() {
        return keyStorePassword;
    }

    public TlsConfig setKeyStorePassword(String keyStorePassword) {
        this.keyStorePassword = keyStorePassword;
        return this;
    }

    public String getTrustCertPath() {
        return trustCertPath;
    }

    public TlsConfig setTrustCertPath(String trustCertPath) {
        this.trustCertPath = trustCertPath;
        return this;
    }

    public boolean isVerifyPeer() {
        return verifyPeer;
    }

    public TlsConfig setVerifyPeer(boolean verifyPeer) {
        this.verifyPeer = verifyPeer;
        return this;
    }

    /** Never prints passwords: only which files are configured. */
    @Override
    public String toString() {
        return "TlsConfig[enabled=" + enabled + ", mode=" + mode + ", cert=" + certPath + ", key=" + keyPath
                + ", keyStore=" + keyStorePath + ", trust=" + trustCertPath + ", verifyPeer=" + verifyPeer + "]";
    }
}
