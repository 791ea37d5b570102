import { useState } from "react";
import { GoogleAuthStarter } from "../../application/googleAuth";
import { useService } from "../di";
import { RegisterPage } from "./RegisterPage";

export function RegisterRoute() {
  const starter = useService(GoogleAuthStarter);
  const [pending, setPending] = useState(false);
  return (
    <RegisterPage
      pending={pending}
      onContinueWithGoogle={async () => {
        setPending(true);
        // Sign-up that also asks for Gmail access, so the first sync can start right away.
        const leaving = await starter.start("gmail-signup");
        if (!leaving) setPending(false);
      }}
    />
  );
}
