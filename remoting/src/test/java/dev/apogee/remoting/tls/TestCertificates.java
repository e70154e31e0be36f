package dev.apogee.remoting.tls;

import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/** The committed self-signed test pair (see src/test/resources/tls/README.md) and a PKCS12 copy of it. */
final class TestCertificates {
    private TestCertificates() {
    }

    static Path certificate() {
        return resource("tls/server.crt.pem");
    }

    static Path privateKey() {
        return resource("tls/server.key.pem");
    }

    /** Writes the pair as a PKCS12 key store protected by {@code password}. */
    static Path pkcs12(Path dir, String password) throws Exception {
        Certificate certificate;
        try (var in = Files.newInputStream(certificate())) {
            certificate = CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        String pem = Files.readString(privateKey(), StandardCharsets.US_ASCII)
                .replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PrivateKey key = KeyFactory.getInstance("RSA")
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("server", key, password.toCharArray(), new Certificate[] {certificate});
        Path file = dir.resolve("server.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
        return file;
    }

    private static Path resource(String name) {
        try {
            return Path.of(TestCertificates.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
