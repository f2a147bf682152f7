export default function LoginPage() {
  return <main>Login</main>;
}
